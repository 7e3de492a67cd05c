import { allergenRecordsApi } from '../api/allergen-records.api.ts';
import { DownloadButton } from './download-button.tsx';

/**
 * "Export CSV" (issue 23 §7): the restaurant's own ingredients or dishes in the import's format,
 * allergen columns included, saved as ingredients.csv or dishes.csv.
 */
export function ExportCsvButton({ area }: { area: 'ingredients' | 'dishes' }) {
  return (
    <DownloadButton fetchFile={() => allergenRecordsApi.exportCsv(area)} fileName={`${area}.csv`}>
      Export CSV
    </DownloadButton>
  );
}
