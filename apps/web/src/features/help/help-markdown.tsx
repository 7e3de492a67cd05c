import { Anchor, Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import classes from './help-page.module.css';

/** Addresses the server answers itself (files, pages outside the web app): plain links, not routes. */
const serverPath = /^\/(templates|menu|media|api|billing)\//;

function HelpLink({ href = '', children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  if (href.startsWith('/') && !serverPath.test(href)) {
    return (
      <Anchor component={Link} to={href} {...rest}>
        {children}
      </Anchor>
    );
  }
  const external = /^https?:\/\//.test(href);
  return (
    <Anchor
      href={href}
      // The CSV templates download rather than open as text.
      download={href.endsWith('.csv') ? '' : undefined}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      {...rest}
    >
      {children}
    </Anchor>
  );
}

/** A wide table scrolls on its own on a phone, and can be scrolled with the keyboard. */
function HelpTable({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div className={classes.tableScroll} tabIndex={0}>
      <table {...props} />
    </div>
  );
}

const components: Components = { a: HelpLink, table: HelpTable };

/**
 * A help page's Markdown as React elements in Mantine's Typography styles. No HTML in the Markdown
 * is rendered (react-markdown's default), so nothing is ever set as raw HTML.
 */
export function HelpMarkdown({ source }: { source: string }) {
  return (
    <Typography className={classes.prose}>
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {source}
      </Markdown>
    </Typography>
  );
}
