import { messages } from '@carte/domain';
import { Button, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRecordShared } from '../../api/getting-started.api.ts';
import { copyText } from '../../ui/clipboard.ts';

/** "Copy Menu URL" (doc 2 §2, §8): the public address to the clipboard, with its toasts. */
export function CopyMenuUrlButton({
  url,
  recordShare = true,
  ...props
}: {
  url: string;
  /** Marks the owner's getting-started share step; off where the user is not the menu's owner (a reseller). */
  recordShare?: boolean;
} & ButtonProps) {
  const [copied, setCopied] = useState(false);
  const recordShared = useRecordShared();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const handleCopy = async () => {
    const done = await copyText(url, {
      success: messages.menuUrlCopied,
      failure: messages.menuUrlCopyFailed,
    });
    setCopied(done);
    // The link left the app: the getting-started checklist's share step (a failure is not the user's concern).
    if (done && recordShare) recordShared.mutate('link', { onError: () => undefined });
  };

  return (
    <Button
      variant="default"
      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      onClick={handleCopy}
      {...props}
    >
      Copy Menu URL
    </Button>
  );
}
