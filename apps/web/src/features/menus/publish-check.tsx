import { messages } from '@carte/domain';
import { Alert, Anchor, Box, Button, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { menusApi } from '../../api/menus.api.ts';
import { type MenuProblems, publishDialogLines } from './publish-check-lines.ts';

const MODAL_ID = 'publish-check';
const SETTINGS_PATH = '/settings#labelling';

export interface PublishCheckOptions {
  /** The settings forbid publishing an incomplete menu: the dialog explains instead of asking. */
  blocked: boolean;
  /** Leaves for /settings#labelling inside the app. */
  navigate: (path: string) => void;
}

/**
 * The check before publishing (issue 23 §5): reads what each menu lacks for the labelling rules.
 * Nothing lacking: resolves true at once (publishing goes on with no extra click). Otherwise a
 * dialog lists the problems per dish and asks "Publish anyway?" — or, when the settings forbid
 * publishing an incomplete menu, explains that and links to them; resolves whether to publish.
 */
export async function checkBeforePublishing(
  menus: readonly { id: string; name: string }[],
  navigate: (path: string) => void,
): Promise<boolean> {
  const answers = await Promise.all(menus.map((menu) => menusApi.compliance(menu.id)));
  const list = menus.map((menu, index) => ({ menuName: menu.name, problems: answers[index]!.problems }));
  if (list.every((item) => item.problems.length === 0)) return true;
  const blocked = answers.some((answer) => answer.rules.blockIncomplete);
  return openPublishCheck(list, { blocked, navigate });
}

/** The dialog itself, also opened by a refused publish (409) with the problems it carried. */
export function openPublishCheck(
  list: readonly MenuProblems[],
  options: PublishCheckOptions,
): Promise<boolean> {
  const { blocked, navigate } = options;
  const lines = publishDialogLines(list);
  const several = lines.menus.length > 1;
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      modals.close(MODAL_ID);
      resolve(value);
    };
    const toSettings = () => {
      answer(false);
      navigate(SETTINGS_PATH);
    };
    modals.open({
      modalId: MODAL_ID,
      title: blocked ? 'This menu cannot be published yet' : 'Publish anyway?',
      size: 'lg',
      onClose: () => answer(false),
      children: (
        <Stack gap="md">
          {blocked ? (
            <Alert color="red" variant="light" icon={<IconLock size={18} />}>
              {messages.menuIncomplete} Your settings forbid publishing an incomplete menu: complete the
              dishes below, or change it in{' '}
              <Anchor
                underline="always"
                href={SETTINGS_PATH}
                onClick={(event) => {
                  event.preventDefault();
                  toSettings();
                }}
              >
                Settings › Labelling
              </Anchor>
              .
            </Alert>
          ) : (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
              {messages.menuIncomplete} Complete the dishes below first, or publish the menu as it is.
            </Alert>
          )}
          <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
            <Stack gap="sm">
              {lines.menus.map((menu) => (
                <Box key={menu.menuName}>
                  <Text size="sm" fw={600} mb={4}>
                    {several ? `${menu.menuName} lacks:` : 'This menu lacks:'}
                  </Text>
                  <List size="sm" spacing={4}>
                    {menu.dishes.map((dish) => (
                      <List.Item key={dish.dishId}>
                        <Text span size="sm" fw={600}>
                          {dish.dishName}
                        </Text>
                        <Text span size="sm">
                          {' '}
                          — {dish.text}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Box>
              ))}
              {lines.more > 0 && (
                <Text size="sm" c="dimmed">
                  and {lines.more} more {lines.more === 1 ? 'dish' : 'dishes'}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
          {!blocked && (
            <Text size="xs" c="dimmed">
              The rules come from{' '}
              <Anchor
                size="xs"
                underline="always"
                href={SETTINGS_PATH}
                onClick={(event) => {
                  event.preventDefault();
                  toSettings();
                }}
              >
                Settings › Labelling
              </Anchor>
              .
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            {blocked ? (
              <>
                <Button variant="default" onClick={() => answer(false)}>
                  Close
                </Button>
                <Button onClick={toSettings}>Open labelling settings</Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={() => answer(false)}>
                  Cancel
                </Button>
                <Button onClick={() => answer(true)} data-autofocus>
                  Publish anyway
                </Button>
              </>
            )}
          </Group>
        </Stack>
      ),
    });
  });
}
