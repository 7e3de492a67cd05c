import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { setSignedOutHandler } from '../api/client.ts';
import { useSession } from '../api/session.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { GuestOnly } from './guards/guest-only.tsx';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { AppLayout } from './shell/app-layout.tsx';

/*
 * Each area is its own chunk (STYLE rule 14): a diner-facing sign-in never downloads the owner's
 * screens, an owner never downloads the admin's. Several lazy components of one area share its module.
 */
const auth = () => import('../features/auth/auth-area.ts');
const AuthLayout = lazy(() => auth().then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => auth().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => auth().then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => auth().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => auth().then((m) => ({ default: m.ResetPasswordPage })));
const VerifyAccountPage = lazy(() => auth().then((m) => ({ default: m.VerifyAccountPage })));
const VerifyEmailPage = lazy(() => auth().then((m) => ({ default: m.VerifyEmailPage })));

const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-area.ts').then((m) => ({ default: m.DashboardPage })),
);
const admin = () => import('../features/admin/admin-area.ts');
const AdminDashboardPage = lazy(() => admin().then((m) => ({ default: m.AdminDashboardPage })));
const DietaryConsiderationsPage = lazy(() => admin().then((m) => ({ default: m.DietaryConsiderationsPage })));
const EmailTemplatesPage = lazy(() => admin().then((m) => ({ default: m.EmailTemplatesPage })));
const EditEmailTemplatePage = lazy(() => admin().then((m) => ({ default: m.EditEmailTemplatePage })));
const LogsPage = lazy(() => admin().then((m) => ({ default: m.LogsPage })));
const AdminCompleteAccountPage = lazy(() =>
  import('../features/admin/admin-verify-area.ts').then((m) => ({ default: m.AdminCompleteAccountPage })),
);
const reseller = () => import('../features/resellers/reseller-area.ts');
const ResellerDashboardPage = lazy(() => reseller().then((m) => ({ default: m.ResellerDashboardPage })));
const ResellerClientPage = lazy(() => reseller().then((m) => ({ default: m.ResellerClientPage })));
const resellerPublic = () => import('../features/resellers/reseller-public-area.ts');
const DmaRegisterPage = lazy(() => resellerPublic().then((m) => ({ default: m.DmaRegisterPage })));
const ClientInvitationPage = lazy(() => resellerPublic().then((m) => ({ default: m.ClientInvitationPage })));
const dishes = () => import('../features/dishes/dishes-area.ts');
const CreateDishPage = lazy(() => dishes().then((m) => ({ default: m.CreateDishPage })));
const UpdateDishPage = lazy(() => dishes().then((m) => ({ default: m.UpdateDishPage })));
const IngredientsPage = lazy(() =>
  import('../features/ingredients/ingredients-area.ts').then((m) => ({ default: m.IngredientsPage })),
);
const CustomizationsPage = lazy(() =>
  import('../features/customizations/customizations-area.ts').then((m) => ({
    default: m.CustomizationsPage,
  })),
);
const MenuFormPage = lazy(() =>
  import('../features/menus/menus-area.ts').then((m) => ({ default: m.MenuFormPage })),
);
const allergenMatrix = () => import('../features/allergen-matrix/allergen-matrix-area.ts');
const AllergenMatrixPage = lazy(() => allergenMatrix().then((m) => ({ default: m.AllergenMatrixPage })));
const FoodTypeMappingPage = lazy(() => allergenMatrix().then((m) => ({ default: m.FoodTypeMappingPage })));
const categories = () => import('../features/categories/categories-area.ts');
const CategoriesPage = lazy(() => categories().then((m) => ({ default: m.CategoriesPage })));
const UpdateCategoryPage = lazy(() => categories().then((m) => ({ default: m.UpdateCategoryPage })));
const SubscribePage = lazy(() =>
  import('../features/billing/billing-area.ts').then((m) => ({ default: m.SubscribePage })),
);
const FiltersPage = lazy(() =>
  import('../features/filters/filters-area.ts').then((m) => ({ default: m.FiltersPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/analytics/analytics-area.ts').then((m) => ({ default: m.AnalyticsPage })),
);
const TimelinePage = lazy(() =>
  import('../features/timeline/timeline-area.ts').then((m) => ({ default: m.TimelinePage })),
);
const TranslationsPage = lazy(() =>
  import('../features/translations/translations-area.ts').then((m) => ({ default: m.TranslationsPage })),
);
const QuickEditPage = lazy(() =>
  import('../features/quick-edit/quick-edit-area.ts').then((m) => ({ default: m.QuickEditPage })),
);
const MediaLibraryPage = lazy(() =>
  import('../features/media-library/media-library-area.ts').then((m) => ({ default: m.MediaLibraryPage })),
);
const MenuDisplayPage = lazy(() =>
  import('../features/displays/displays-area.ts').then((m) => ({ default: m.MenuDisplayPage })),
);
const AddRestaurantPage = lazy(() =>
  import('../features/locations/locations-area.ts').then((m) => ({ default: m.AddRestaurantPage })),
);
const TransferOwnershipPage = lazy(() =>
  import('../features/transfer/transfer-area.ts').then((m) => ({ default: m.TransferOwnershipPage })),
);
const MembersPage = lazy(() =>
  import('../features/members/members-area.ts').then((m) => ({ default: m.MembersPage })),
);
const MemberVerifyAccountPage = lazy(() =>
  import('../features/members/member-verify-area.ts').then((m) => ({ default: m.MemberVerifyAccountPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/settings-area.ts').then((m) => ({ default: m.SettingsPage })),
);
// Account update serves every signed-in area under three paths (doc 3 §2.1).
const UpdateAccountPage = lazy(() =>
  import('../features/account/account-area.ts').then((m) => ({ default: m.UpdateAccountPage })),
);

// Help pages (doc 1 §2), readable signed in (in the app's shell) or not (a frame of their own).
const help = () => import('../features/help/help-area.ts');
const HelpPage = lazy(() => help().then((m) => ({ default: m.HelpPage })));
const PublicHelpLayout = lazy(() => help().then((m) => ({ default: m.PublicHelpLayout })));

function HelpArea() {
  const session = useSession();
  if (session) return <AppLayout />;
  return (
    <Suspense fallback={<PageLoader minHeight="100vh" />}>
      <PublicHelpLayout />
    </Suspense>
  );
}

function NotFoundArea() {
  return useSession() ? <AppLayout /> : <Outlet />;
}

function AuthArea() {
  return (
    <Suspense fallback={<PageLoader minHeight="100vh" />}>
      <AuthLayout>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AuthLayout>
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthArea />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/forgot-password', element: <ForgotPasswordPage /> },
              { path: '/reset-password', element: <ResetPasswordPage /> },
              { path: '/user-verify-account', element: <VerifyAccountPage /> },
            ],
          },
        ],
      },
      {
        path: '/help',
        element: <HelpArea />,
        children: [
          { index: true, element: <HelpPage /> },
          { path: ':topic', element: <HelpPage /> },
        ],
      },
      // The link confirming a new email address works signed in or not.
      // The ownership transfer link and a new member's invitation link (doc 2 §2) work signed in or not.
      {
        element: <AuthArea />,
        children: [
          { path: '/user-verify-email', element: <VerifyEmailPage /> },
          { path: '/transfer-ownership', element: <TransferOwnershipPage /> },
          { path: '/member-verify-account', element: <MemberVerifyAccountPage /> },
          { path: '/admin-complete-account', element: <AdminCompleteAccountPage /> },
          { path: '/dma-register', element: <DmaRegisterPage /> },
          { path: '/dma-client-verify-invitation', element: <ClientInvitationPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/',
                element: (
                  <HomeRedirect>
                    <DashboardPage />
                  </HomeRedirect>
                ),
              },
              { path: '/update-account', element: <UpdateAccountPage /> },
              { path: '/create-menu', element: <MenuFormPage /> },
              { path: '/menus/:id/allergens', element: <AllergenMatrixPage /> },
              { path: '/allergens/food-types', element: <FoodTypeMappingPage /> },
              { path: '/create-category', element: <CategoriesPage /> },
              { path: '/update-category/:id', element: <UpdateCategoryPage /> },
              { path: '/create-dish', element: <CreateDishPage /> },
              { path: '/update-dish/:id', element: <UpdateDishPage /> },
              { path: '/create-ingredient', element: <IngredientsPage /> },
              { path: '/customizations', element: <CustomizationsPage /> },
              { path: '/filters', element: <FiltersPage /> },
              { path: '/timeline', element: <TimelinePage /> },
              { path: '/toggle-list', element: <QuickEditPage /> },
              { path: '/translations', element: <TranslationsPage /> },
              { path: '/translations/:lang', element: <TranslationsPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/add-restaurant', element: <AddRestaurantPage /> },
              { path: '/menu-interaction-tracking', element: <AnalyticsPage /> },
              { path: '/media-section', element: <MediaLibraryPage /> },
              { path: '/menu-display', element: <MenuDisplayPage /> },
              { path: '/members', element: <MembersPage /> },
              { path: '/subscribe', element: <SubscribePage /> },
              { path: '/admin/dashboard', element: <AdminDashboardPage /> },
              { path: '/admin/update-profile', element: <UpdateAccountPage /> },
              { path: '/admin/dietary-considerations', element: <DietaryConsiderationsPage /> },
              { path: '/admin/email-templates', element: <EmailTemplatesPage /> },
              { path: '/admin/edit-email-template', element: <EditEmailTemplatePage /> },
              { path: '/admin/logs', element: <LogsPage /> },
              { path: '/admin/analytics', element: <AnalyticsPage /> },
              { path: '/dma/dashboard', element: <ResellerDashboardPage /> },
              { path: '/dma/client', element: <ResellerClientPage /> },
              { path: '/dma/update-account', element: <UpdateAccountPage /> },
            ],
          },
        ],
      },
      // Signed in, an unknown address stays inside the app's shell (navigation at hand).
      { element: <NotFoundArea />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
]);

// A 401 or a failed token refresh anywhere ends the session and lands here (doc 3 §4); /login then
// reads how it ended (sessionEnding) to say so and to lead back afterwards.
setSignedOutHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});
