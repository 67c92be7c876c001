// A private comment thread (components/comments/comment-thread.tsx) rendered to HTML in English, as
// the server renders it first: what the reader's browser receives before any script runs.
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "use-intl";
import { CommentThread } from "@/components/comments/comment-thread";
import { messagesFor } from "@/lib/i18n/catalog";

export function threadHtml(props: ComponentProps<typeof CommentThread>): string {
  const intl = { locale: "en", timeZone: "UTC", messages: messagesFor("en") } as ComponentProps<typeof IntlProvider>;
  return renderToStaticMarkup(createElement(IntlProvider, intl, createElement(CommentThread, props)));
}
