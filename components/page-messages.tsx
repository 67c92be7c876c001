import { ScreenMessages } from "@/components/screen-messages";
import { extraMessages, type PageNamespace } from "@/lib/i18n/client";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * The catalog's namespaces a screen's client components read, on top of the root layout's
 * (lib/i18n/client.ts): only these travel in the page, merged on the client with the messages of
 * the provider around (ScreenMessages). A page, a layout or one dashboard tab adds its own.
 */
export async function PageMessages({
  namespaces,
  children,
}: {
  namespaces: readonly PageNamespace[];
  children: React.ReactNode;
}) {
  return <ScreenMessages messages={extraMessages(await requestLocale(), namespaces)}>{children}</ScreenMessages>;
}
