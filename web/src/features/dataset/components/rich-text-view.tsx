import { Typography } from '@mantine/core';
import classes from './rich-text-view.module.css';

/**
 * An entry's HTML. The server keeps only its allow-list (no scripts, handlers, styles or frames) when
 * it stores and when it answers, so the HTML is rendered as it comes.
 */
export function RichTextView({ html }: { html: string }) {
  return (
    <Typography className={classes.view} data-testid="dataset-entry-text">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
