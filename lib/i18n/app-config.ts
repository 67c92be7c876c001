import type { Messages } from "./catalog";
import type { Locale } from "./locales";

// Typed keys for the client's useTranslations (use-intl's AppConfig augmentation): a missing key or a
// missing placeholder value is a type error.
declare module "use-intl" {
  interface AppConfig {
    Messages: Messages;
    Locale: Locale;
  }
}
