import type { Metadata, Viewport } from "next";
import { HydrationMarker } from "@/components/hydration-marker";
import { I18nProvider } from "@/components/i18n-provider";
import { GradeNumberProvider } from "@/components/grade-numbers";
import { env, schoolTimeZone } from "@/lib/env";
import { clientMessages } from "@/lib/i18n/client";
import { directionOf, intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import "./globals.css";

/** Every page's title ends with the portal's name in the reader's language ("… · Portal Escolar"). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("common");
  const appName = t("appName");
  return { title: { default: appName, template: `%s · ${appName}` }, description: t("description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await requestLocale();
  return (
    <html lang={intlLocaleOf(locale)} dir={directionOf(locale)}>
      <body className="min-h-screen antialiased">
        <I18nProvider
          locale={intlLocaleOf(locale)}
          dir={directionOf(locale)}
          timeZone={schoolTimeZone()}
          messages={clientMessages(locale)}
        >
          <GradeNumberProvider locale={env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(locale)}>
            {children}
          </GradeNumberProvider>
        </I18nProvider>
        <HydrationMarker />
      </body>
    </html>
  );
}
