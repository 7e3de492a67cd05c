import { Button, Card, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileUpload } from '@tabler/icons-react';
import { ingredientsApi } from '../../api/ingredients.api.ts';
import { CsvUploadDialog } from '../../ui/csv-upload-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { CreateIngredientsForm } from './create-ingredients-form.tsx';
import { IngredientsTable } from './ingredients-table.tsx';

/** /create-ingredient (doc 1 §2): add several ingredients at once, the ingredients table, CSV import. */
export function IngredientsPage() {
  const [csvOpened, csv] = useDisclosure(false);
  return (
    <Stack gap="xl">
      <PageHeader
        title="Ingredients"
        description="Dishes list their ingredients, and customizations can offer them as options."
        actions={
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csv.open}>
            Upload CSV
          </Button>
        }
      />
      <Card component="section" aria-labelledby="add-ingredients">
        <Title order={2} fz="h3" id="add-ingredients" mb="md">
          Add ingredients
        </Title>
        <CreateIngredientsForm />
      </Card>
      <Card component="section" aria-labelledby="your-ingredients">
        <Title order={2} fz="h3" id="your-ingredients" mb="md">
          Your ingredients
        </Title>
        <IngredientsTable />
      </Card>
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
