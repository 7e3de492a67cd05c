import {
  editTemplateSchema,
  isMailSecretPlaceholder,
  isMailTemplateName,
  type MailTemplateDetail,
  mailPlaceholders,
  mailSecretAddressPlaceholders,
  mailTemplateInfo,
  messages,
} from '@carte/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';

const exampleOf = (key: string) => mailPlaceholders.find((entry) => entry.key === key)?.example ?? '';
const labelOf = (key: string) => mailPlaceholders.find((entry) => entry.key === key)?.label ?? key;

/** `{{ key }}` filled with the side panel's example values, for the live preview. */
const fillExamples = (text: string) =>
  text.replace(/\{\{\s*([\w.|\s]+?)\s*\}\}/g, (_, keys: string) => exampleOf(keys.split('|')[0]!.trim()));

/**
 * /admin/edit-email-template?template=… (doc 3 §2.6): subject and rich-text body, a side panel of
 * placeholders that insert at the caret, a live preview with sample values and "send me a test".
 */
export function EditEmailTemplatePage() {
  const name = useSearchParams()[0].get('template') ?? '';
  const template = useQuery({
    queryKey: adminKeys.template(name),
    queryFn: ({ signal }) => adminApi.template(name, signal),
    enabled: name !== '',
    retry: false,
  });
  const back = (
    <Anchor component={Link} to="/admin/email-templates" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> All templates
      </Group>
    </Anchor>
  );
  if (!name || template.isError) {
    return (
      <Stack gap="lg">
        {back}
        <Alert color="red" title="Template not found">
          {name ? errorMessage(template.error) : 'No template was named in the address.'}
        </Alert>
      </Stack>
    );
  }
  if (template.isPending) {
    return (
      <Stack gap="lg">
        {back}
        <Skeleton h={48} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  return <TemplateEditor key={template.data.updatedAt} template={template.data} back={back} />;
}

function TemplateEditor({ template, back }: { template: MailTemplateDetail; back: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState(template.subject);
  const [content, setContent] = useState(template.content);
  const [errors, setErrors] = useState<{ subject?: string; content?: string }>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const [lastFocus, setLastFocus] = useState<'subject' | 'body'>('body');
  const dirty = subject !== template.subject || content !== template.content;

  const insert = (key: string) => {
    const token = `{{${key}}}`;
    const secret = isMailSecretPlaceholder(key);
    if (lastFocus === 'subject' && subjectRef.current) {
      if (secret) {
        setErrors({ ...errors, subject: messages.mailSecretNotInSubject(token) });
        return;
      }
      const input = subjectRef.current;
      const start = input.selectionStart ?? subject.length;
      const end = input.selectionEnd ?? subject.length;
      setSubject(subject.slice(0, start) + token + subject.slice(end));
      requestAnimationFrame(() => {
        input.focus();
        input.setSelectionRange(start + token.length, start + token.length);
      });
      return;
    }
    if (secret && !(mailSecretAddressPlaceholders as readonly string[]).includes(key)) {
      setErrors({ ...errors, content: messages.mailSecretOnlyInLink(token) });
      return;
    }
    // A secret placeholder may only be a link's whole address (issue 20): it goes in as a link to itself.
    const html = secret ? `<a href="${token}">${token}</a>` : token;
    editorRef.current?.chain().focus().insertContent(html).run();
  };

  const handleSave = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = editTemplateSchema.safeParse({ template: template.name, subject, emailContent: content });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'subject') next.subject ??= issue.message;
        if (issue.path[0] === 'emailContent') next.content ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      notifySuccess(await adminApi.editTemplate(parsed.data));
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const handleTest = async () => {
    setTesting(true);
    try {
      notifySuccess(await adminApi.sendTest(template.name));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setTesting(false);
    }
  };

  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={template.title}
        description={template.description}
        actions={<Badge variant="light">{template.group}</Badge>}
      />
      {isMailTemplateName(template.name) && mailTemplateInfo(template.name).toStaff ? (
        <Alert color="yellow">{messages.mailTemplateToStaff}</Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card padding="lg" component="form" onSubmit={handleSave}>
            <Stack gap="md">
              <TextInput
                ref={subjectRef}
                label="Subject"
                withAsterisk
                value={subject}
                error={errors.subject}
                onFocus={() => setLastFocus('subject')}
                onChange={(event) => setSubject(event.currentTarget.value)}
              />
              <div onFocusCapture={() => setLastFocus('body')}>
                <RichTextEditor
                  label="Body"
                  value={content}
                  onChange={setContent}
                  error={errors.content}
                  minHeight={240}
                  editorRef={editorRef}
                  formatting="mail"
                />
              </div>
              <Group justify="space-between" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconSend size={16} />}
                  onClick={handleTest}
                  loading={testing}
                  disabled={dirty}
                  title={dirty ? 'Save first: the test sends the saved template' : undefined}
                >
                  Send me a test
                </Button>
                <Button type="submit" loading={saving}>
                  Submit
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card padding="lg">
            <Title order={2} fz="md" mb={4}>
              Placeholders
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              Click one to insert it where the cursor is.
            </Text>
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap={4}>
                {template.placeholders.map((key) => (
                  <UnstyledButton
                    key={key}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(key)}
                    p={6}
                    style={{ borderRadius: 6 }}
                  >
                    <Text size="xs" ff="monospace" c="carte.8">{`{{${key}}}`}</Text>
                    <Text size="xs" c="dimmed">
                      {labelOf(key)}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Card>
        </Grid.Col>
        <Grid.Col span={12}>
          <Card padding="lg" component="section" aria-label="Preview">
            <Title order={2} fz="md" mb="sm">
              Preview with sample values
            </Title>
            <Text size="sm" fw={600} mb="xs">
              {fillExamples(subject)}
            </Text>
            <div
              style={{ fontSize: 14, lineHeight: 1.6, overflowWrap: 'anywhere' }}
              // The body is the editor's own serialization (only the editor's schema of tags and marks,
              // never a script or a handler) or the stored body, sanitized by the server on save.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: editor-produced HTML, previewed
              dangerouslySetInnerHTML={{ __html: fillExamples(content) }}
            />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
