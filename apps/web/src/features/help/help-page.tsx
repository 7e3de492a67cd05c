import { Anchor, Card, Divider, NavLink, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { helpContent } from './help-content.ts';
import { HelpMarkdown } from './help-markdown.tsx';
import classes from './help-page.module.css';
import { SupportLinks } from './support-links.tsx';
import { findHelpTopic, helpPath, helpTopics } from './topics.ts';

/** The tab names the page, and gives the title back on the way out. */
function useHelpTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Carte help`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** /help and /help/{topic}: one page of written help (content/*.md), the other topics, the mail links. */
export function HelpPage() {
  const { topic: slug } = useParams();
  const topic = findHelpTopic(slug);
  useHelpTitle(topic?.title ?? 'Page not found');

  return (
    <div className={classes.layout}>
      <Card component="article" className={classes.article} padding="xl">
        {topic ? (
          <HelpMarkdown source={helpContent[topic.slug]} />
        ) : (
          <Stack gap="sm">
            <Title order={1}>Page not found</Title>
            <Text>
              There is no help page at this address.{' '}
              <Anchor component={Link} to="/help">
                See all help
              </Anchor>
              .
            </Text>
          </Stack>
        )}
        <Divider my="xl" />
        <SupportLinks />
      </Card>
      <nav aria-label="Help topics" className={classes.topics}>
        <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" mb={6}>
          Help topics
        </Text>
        {helpTopics.map((entry) => (
          <NavLink
            key={entry.slug}
            component={Link}
            to={helpPath(entry)}
            label={entry.title}
            active={entry.slug === topic?.slug}
            aria-current={entry.slug === topic?.slug ? 'page' : undefined}
            className={classes.topicLink}
          />
        ))}
      </nav>
    </div>
  );
}
