import {
  englishLanguageName,
  type MachineDraftsResult,
  machineDraftsResultSchema,
  messages,
} from '@carte/domain';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error.ts';
import { api } from '../../api/client.ts';
import { invalidatedBy } from '../../api/query-keys.ts';
import { translationKeys } from '../../api/translations.api.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { errorMessage, notifyError, notifySuccess } from '../../ui/notify.ts';

/** POST /api/translations/{lang}/machine: machine drafts for every missing field of one language. */
const translateMissing = ({ lang, includeStale }: { lang: string; includeStale: boolean }) =>
  api.post(`/translations/${encodeURIComponent(lang)}/machine`, {
    body: { includeStale },
    schema: machineDraftsResultSchema,
  });

/** Everything that carries translations is read again: the drafts show wherever the texts do. */
const reloaded = [
  translationKeys.all,
  ...invalidatedBy.menu,
  ...invalidatedBy.category,
  ...invalidatedBy.dish,
  ...invalidatedBy.ingredient,
];

/**
 * "Translate missing" (issue 24 §4): asks the server's machine translation service for drafts of
 * every missing text in `lang`. Drafts stay marked until the owner accepts each one. Shown only when
 * the server has a provider (GET /api/config `translateProvider`); nothing is written when the
 * service fails, and the owner reads why.
 */
export function TranslateMissingButton({
  lang,
  onDone,
}: {
  lang: string;
  /** After drafts were written: how many fields received one. */
  onDone?: (result: MachineDraftsResult) => void;
}) {
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: translateMissing,
    onSuccess: async (result) => {
      notifySuccess(messages.translateMissingDone(result.drafted));
      await Promise.all(reloaded.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone?.(result);
    },
    onError: (error) => {
      if (isApiError(error) && error.notified) return;
      // The client words every 5xx alike; the service's failure has its own message (502).
      notifyError(
        isApiError(error) && error.status === 502 ? messages.translationUnavailable : errorMessage(error),
      );
    },
  });

  const provider = config.data?.translateProvider ?? 'off';
  if (provider === 'off') return null;

  const handleClick = async () => {
    let includeStale = false;
    const proceed = await confirmAction({
      title: `Translate missing texts into ${englishLanguageName(lang)}?`,
      message: (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {messages.translateMissingConfirm}
          </Text>
          <Checkbox
            label="Also redraft translations whose source text has changed"
            onChange={(event) => {
              includeStale = event.currentTarget.checked;
            }}
          />
        </Stack>
      ),
      confirmLabel: 'Translate missing',
    });
    if (proceed) mutation.mutate({ lang, includeStale });
  };

  return (
    <Button
      variant="light"
      leftSection={<IconLanguage size={16} aria-hidden />}
      loading={mutation.isPending}
      onClick={handleClick}
    >
      Translate missing
    </Button>
  );
}
