import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { allergenRecordsApi } from '../api/allergen-records.api.ts';
import { notifyFailure } from './notify.ts';

/**
 * "Export CSV" (issue 23 §7): the restaurant's own ingredients or dishes in the import's format,
 * allergen columns included, saved as ingredients.csv or dishes.csv.
 */
export function ExportCsvButton({ area }: { area: 'ingredients' | 'dishes' }) {
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      const blob = await allergenRecordsApi.exportCsv(area);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${area}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // Some browsers read the address after the click returns.
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={16} />}
      onClick={() => void exportFile()}
      loading={busy}
    >
      Export CSV
    </Button>
  );
}
