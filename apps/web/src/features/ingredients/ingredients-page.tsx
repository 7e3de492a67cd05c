import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileUpload, IconPlus, IconTags } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ingredientsApi } from '../../api/ingredients.api.ts';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { ExportCsvButton } from '../../ui/export-csv-button.tsx';
import { FormDrawer } from '../../ui/form-drawer.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCan } from '../../ui/use-can.ts';
import { CreateIngredientsForm } from './create-ingredients-form.tsx';
import { IngredientsTable } from './ingredients-table.tsx';

const LIST = '/create-ingredient';

/**
 * /create-ingredient (doc 1 §2), list first (issue 11 §2): the restaurant's ingredients and the CSV
 * import; "Add ingredients" (/create-ingredient?new) opens the form that adds several at once in a
 * drawer over the list, and a name opens its edit drawer.
 */
export function IngredientsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const [csvOpened, csv] = useDisclosure(false);
  const backToList = () => navigate(LIST);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Ingredients"
        description="Dishes list their ingredients, and customizations can offer them as options."
        actions={
          can('ingredient') && (
            <>
              {can('dish') && (
                <Button
                  component={Link}
                  to="/allergens/food-types"
                  variant="default"
                  leftSection={<IconTags size={16} />}
                >
                  Map food types
                </Button>
              )}
              <ExportCsvButton area="ingredients" />
              <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csv.open}>
                Upload CSV
              </Button>
              <Button component={Link} to={`${LIST}?new`} leftSection={<IconPlus size={16} />}>
                Add ingredients
              </Button>
            </>
          )
        }
      />
      <IngredientsTable />
      <FormDrawer
        opened={params.has('new') && can('ingredient')}
        onClose={backToList}
        title="Add ingredients"
        size={520}
      >
        <CreateIngredientsForm onAdded={backToList} />
      </FormDrawer>
      <CsvUploadDialog
        kind="ingredients"
        opened={csvOpened}
        onClose={csv.close}
        upload={(file, onProgress) =>
          ingredientsApi.uploadCsv(file, (progress) => onProgress(progress.percent))
        }
      />
    </Stack>
  );
}
