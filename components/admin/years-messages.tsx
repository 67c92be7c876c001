import { ScreenMessages } from "@/components/screen-messages";
import { messagesFor, type Messages } from "@/lib/i18n/catalog";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * The school-year screens' client words (catalog `years.admin`) for the client components inside:
 * only that part of the `years` namespace travels, not the server's refusals beside it.
 */
export async function YearsAdminMessages({ children }: { children: React.ReactNode }) {
  const { admin } = messagesFor(await requestLocale()).years;
  return <ScreenMessages messages={{ years: { admin } } as Partial<Messages>}>{children}</ScreenMessages>;
}
