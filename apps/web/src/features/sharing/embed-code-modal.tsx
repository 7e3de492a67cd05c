import {
  EMBED_DEFAULT,
  EMBED_LIMITS,
  type EmbedSizeMode,
  embedCode,
  embedSizeValid,
  messages,
} from '@carte/domain';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { copyText } from '../../ui/clipboard.ts';
import classes from './sharing.module.css';

const modes: { value: EmbedSizeMode; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'px', label: 'Pixels' },
  { value: '%', label: 'Percent' },
];

const modeHints: Record<EmbedSizeMode, string> = {
  default: `${EMBED_DEFAULT.width} × ${EMBED_DEFAULT.height} px, the size of a phone screen.`,
  px: `A fixed size, from ${EMBED_LIMITS.px.min} to ${EMBED_LIMITS.px.max} px.`,
  '%': 'A share of the space your page gives the menu, from 1 to 100%.',
};

/** What each mode starts with when chosen. */
const startSizes: Record<EmbedSizeMode, { width: number; height: number }> = {
  default: { ...EMBED_DEFAULT },
  px: { ...EMBED_DEFAULT },
  '%': { width: 100, height: 85 },
};

export interface EmbedCodeModalProps {
  opened: boolean;
  onClose: () => void;
  url: string;
  restaurantName: string;
}

/**
 * The embed code modal (doc 2 §2 Modals, §4 "Embed size mode: default, px, % (one active)", §9): an
 * iframe of the public menu, 400 × 844 by default or sized in px or %, never wider than its page
 * nor taller than 85% of the window, copied with the specification's toast.
 */
export function EmbedCodeModal({ opened, onClose, url, restaurantName }: EmbedCodeModalProps) {
  const [mode, setMode] = useState<EmbedSizeMode>('default');
  const [size, setSize] = useState(startSizes.default);
  const limits = mode === 'default' ? null : EMBED_LIMITS[mode];
  const widthValid = embedSizeValid(mode, size.width);
  const heightValid = embedSizeValid(mode, size.height);
  const code = embedCode({ url, title: `Menu of ${restaurantName}`, mode, ...size });
  const sizeError = limits
    ? messages.embedSizeInvalid(mode as 'px' | '%', limits.min, limits.max)
    : undefined;

  const handleMode = (value: string) => {
    const next = value as EmbedSizeMode;
    setMode(next);
    setSize(startSizes[next]);
  };

  const handleCopy = () =>
    copyText(code, { success: messages.embedCopied, failure: messages.embedCopyFailed });

  const sizeInput = (key: 'width' | 'height', label: string, valid: boolean) => (
    <NumberInput
      label={label}
      value={size[key]}
      onChange={(value) =>
        setSize((current) => ({ ...current, [key]: typeof value === 'number' ? value : NaN }))
      }
      disabled={mode === 'default'}
      min={limits?.min}
      max={limits?.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix={mode === '%' ? ' %' : ' px'}
      error={valid ? undefined : sizeError}
      style={{ flex: 1 }}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Embed your menu"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          Paste this code into your website to show your menu inside it. It stays as wide as your page allows
          and at most 85% of the screen high.
        </Text>
        <div>
          <Text size="sm" fw={500} mb={6} id="embed-size-label">
            Size
          </Text>
          <SegmentedControl
            fullWidth
            data={modes}
            value={mode}
            onChange={handleMode}
            aria-labelledby="embed-size-label"
          />
          <Text size="xs" c="gray.7" mt={6}>
            {modeHints[mode]}
          </Text>
        </div>
        <Group gap="md" align="flex-start" grow>
          {sizeInput('width', 'Width', widthValid)}
          {sizeInput('height', 'Height', heightValid)}
        </Group>
        <Textarea
          label="Embed code"
          value={code}
          readOnly
          autosize
          minRows={3}
          classNames={{ input: classes.embedCode }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconCopy size={16} />}
            onClick={handleCopy}
            disabled={!widthValid || !heightValid}
          >
            Copy embed code
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
