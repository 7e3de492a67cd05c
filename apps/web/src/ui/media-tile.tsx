import type { MediaItem } from '@carte/domain';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './media-tile.module.css';

/**
 * One picture of the media library: its square thumbnail (300×300 at most, doc 2 §9) and its file
 * name. `overlay` is drawn over the picture (the library's actions, the picker's check mark).
 */
export function MediaTile({
  item,
  overlay,
  footer,
  decorative = false,
}: {
  item: MediaItem;
  overlay?: ReactNode;
  footer?: ReactNode;
  /** The picture is named already (a choice button named by the file): no alternative text. */
  decorative?: boolean;
}) {
  return (
    <div className={classes.tile}>
      <div className={classes.frame}>
        <img
          src={item.imageVariants.thumb}
          alt={decorative ? '' : item.fileName}
          className={classes.image}
          loading="lazy"
          decoding="async"
          width={300}
          height={300}
        />
        {overlay}
      </div>
      <Text size="sm" fw={500} truncate="end" className={classes.name} title={item.fileName}>
        {item.fileName}
      </Text>
      {footer}
    </div>
  );
}

export const mediaTileClasses = classes;
