import { ScreenMessages } from "@/components/screen-messages";
import { screenMessages } from "@/lib/i18n/client";
import { requestLocale } from "@/lib/i18n/request-locale";

/** The grade screens' client words (the `grades` namespace) for the client components inside. */
export async function GradesMessages({ children }: { children: React.ReactNode }) {
  return <ScreenMessages messages={screenMessages(await requestLocale(), "grades")}>{children}</ScreenMessages>;
}
