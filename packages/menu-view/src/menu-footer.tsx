/** @jsxRuntime automatic @jsxImportSource react */
import type { PublicMenu } from '@carte/domain';
import type { Page } from './page.ts';
import { About, ReportIssue, SocialLinks, ViewLink } from './parts.tsx';
import { useWords } from './words-context.ts';

/**
 * The foot of a page: the restaurant's description (the chooser shows it at the top instead), the
 * issue-report block, social links, the printable menu.
 */
export function MenuFooter(props: {
  page: Page;
  menu: PublicMenu | null;
  showAbout?: boolean;
  showReport?: boolean;
}) {
  const words = useWords();
  const { page, menu, showAbout = true, showReport = true } = props;
  const Footer = page.embedded ? 'div' : 'footer';
  const restaurant = page.data.restaurant;
  return (
    <Footer className="cm-footer">
      {showAbout ? <About restaurant={restaurant} /> : null}
      {showReport ? <ReportIssue page={page} menu={menu} /> : null}
      <SocialLinks restaurant={restaurant} />
      <p className="cm-footnote">
        {menu && !page.embedded ? (
          <>
            <ViewLink page={page} to={{ kind: 'print', menuId: menu._id }}>
              {words.printMenu}
            </ViewLink>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <span>{restaurant.name}</span>
        <span aria-hidden="true"> · </span>
        <span>{words.poweredBy}</span>
      </p>
    </Footer>
  );
}
