// What csv-parse's errors mean for the person who saved the file, and how to fix it.
import { MAX_RECORD_CHARS } from "./limits";
import { msg, type Message } from "@/lib/i18n/message";

export function csvErrorText(code: string, message: string): { message: Message; fix: Message } {
  switch (code) {
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH": {
      const m = /expect (\d+), got (\d+)/.exec(message);
      return {
        message: m
          ? msg("admin.rosterReport.text.rowHasFieldsHeader", { a: m[2]!, b: m[1]! })
          : msg("admin.rosterReport.text.rowDoesNotHave"),
        fix: msg("admin.rosterReport.text.quoteAnyValueThat"),
      };
    }
    case "CSV_QUOTE_NOT_CLOSED":
      return {
        message: msg("admin.rosterReport.text.quotedFieldStartsOn"),
        fix: msg("admin.rosterReport.text.closeQuoteWriteQuote"),
      };
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return {
        message: msg("admin.rosterReport.text.quoteEndsFieldMiddle"),
        fix: msg("admin.rosterReport.text.quoteWholeFieldWrite"),
      };
    case "CSV_MAX_RECORD_SIZE":
      return {
        message: msg("admin.rosterReport.text.rowLongerThanCharacters", {
          a: MAX_RECORD_CHARS,
        }),
        fix: msg("admin.rosterReport.text.lookForQuoteThat"),
      };
    default:
      return {
        message: msg("admin.rosterReport.text.rowCannotBeRead", { a: message }),
        fix: msg("admin.rosterReport.text.saveFileAgainAs"),
      };
  }
}
