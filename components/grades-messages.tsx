import { ScreenMessages } from "@/components/screen-messages";
import { gradesMessages, type GradesPart } from "@/lib/i18n/client";
import { requestLocale } from "@/lib/i18n/request-locale";

/** The grade screens' client words (the `grades` namespace's shared part and `parts`) for the client components inside. */
export async function GradesMessages({ parts, children }: { parts: GradesPart[]; children: React.ReactNode }) {
  return <ScreenMessages messages={gradesMessages(await requestLocale(), parts)}>{children}</ScreenMessages>;
}
