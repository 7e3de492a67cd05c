import { englishLanguageName } from '@carte/domain';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslationSummary } from '../../api/translations.api.ts';
import { formatCount } from '../../ui/format.ts';

/**
 * What is left to translate, one line a language ("French: 12 missing · 3 stale"), each leading to
 * its translation screen (issue 24 §3). Nothing when the restaurant has no other languages. It loads
 * with the dashboard's first loads, so it appears with them and moves nothing.
 */
export function TranslationsCard() {
  const summary = useTranslationSummary();
  const languages = summary.data?.languages ?? [];
  if (languages.length === 0) return null;
  return (
    <Card padding="md" withBorder>
      <Title order={2} size="h5" mb="xs">
        Translations
      </Title>
      <Stack gap={4}>
        {languages.map((entry) => {
          const parts = [
            `${formatCount(entry.missing)} missing`,
            entry.stale > 0 && `${formatCount(entry.stale)} stale`,
            entry.machine > 0 && `${formatCount(entry.machine)} to review`,
          ].filter(Boolean);
          const allDone = entry.missing + entry.stale + entry.machine === 0;
          return (
            <Anchor key={entry.language} component={Link} to={`/translations/${entry.language}`} size="sm">
              {englishLanguageName(entry.language)}:{' '}
              <Text span inherit c={allDone ? 'teal' : undefined}>
                {allDone ? 'all translated' : parts.join(' · ')}
              </Text>
            </Anchor>
          );
        })}
      </Stack>
    </Card>
  );
}
