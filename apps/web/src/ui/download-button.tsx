import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifyFailure } from './notify.ts';
import { saveFile } from './save-file.ts';

/** A button that fetches a file and hands it to the browser under `fileName`, busy meanwhile. */
export function DownloadButton({
  fetchFile,
  fileName,
  children,
}: {
  fetchFile: () => Promise<Blob>;
  fileName: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchFile(), fileName);
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
      loading={busy}
      onClick={() => void download()}
    >
      {children}
    </Button>
  );
}
