/**
 * The days each market is closed all day besides weekends, as the exchange publishes them, one
 * line per holiday; docs/quotes.md ("Market calendars") says how a year is added. Half days
 * (Borsa Istanbul's arife and 28 October, the NYSE's day after Thanksgiving, …) are trading
 * days: a close is published. Days listed on a weekend change nothing and are kept so each
 * year reads as its source does.
 */

/**
 * Turkish public holidays: Borsa Istanbul's full-day closures ("Resmi tatil günleri",
 * borsaistanbul.com), the religious ones by the Diyanet's calendar ("Dini günler takvimi"). TEFAS
 * prices funds on the same business days: Takasbank's TEFAS rules give half business days their
 * own hours, so an arife is a business day there too.
 */
export const TURKISH_HOLIDAYS: readonly string[] = [
  '2024-01-01', // Yılbaşı
  '2024-04-10', // Ramazan Bayramı 1 (arife 9 April: half day)
  '2024-04-11', // Ramazan Bayramı 2
  '2024-04-12', // Ramazan Bayramı 3
  '2024-04-23', // Ulusal Egemenlik ve Çocuk Bayramı
  '2024-05-01', // Emek ve Dayanışma Günü
  '2024-05-19', // Atatürk'ü Anma, Gençlik ve Spor Bayramı
  '2024-06-16', // Kurban Bayramı 1 (arife 15 June, a Saturday)
  '2024-06-17', // Kurban Bayramı 2
  '2024-06-18', // Kurban Bayramı 3
  '2024-06-19', // Kurban Bayramı 4
  '2024-07-15', // Demokrasi ve Millî Birlik Günü
  '2024-08-30', // Zafer Bayramı
  '2024-10-29', // Cumhuriyet Bayramı (28 October: half day)

  '2025-01-01', // Yılbaşı
  '2025-03-30', // Ramazan Bayramı 1 (arife 29 March, a Saturday)
  '2025-03-31', // Ramazan Bayramı 2
  '2025-04-01', // Ramazan Bayramı 3
  '2025-04-23', // Ulusal Egemenlik ve Çocuk Bayramı
  '2025-05-01', // Emek ve Dayanışma Günü
  '2025-05-19', // Atatürk'ü Anma, Gençlik ve Spor Bayramı
  '2025-06-06', // Kurban Bayramı 1 (arife 5 June: half day)
  '2025-06-07', // Kurban Bayramı 2
  '2025-06-08', // Kurban Bayramı 3
  '2025-06-09', // Kurban Bayramı 4
  '2025-07-15', // Demokrasi ve Millî Birlik Günü
  '2025-08-30', // Zafer Bayramı
  '2025-10-29', // Cumhuriyet Bayramı (28 October: half day)

  '2026-01-01', // Yılbaşı
  '2026-03-20', // Ramazan Bayramı 1 (arife 19 March: half day)
  '2026-03-21', // Ramazan Bayramı 2
  '2026-03-22', // Ramazan Bayramı 3
  '2026-04-23', // Ulusal Egemenlik ve Çocuk Bayramı
  '2026-05-01', // Emek ve Dayanışma Günü
  '2026-05-19', // Atatürk'ü Anma, Gençlik ve Spor Bayramı
  '2026-05-27', // Kurban Bayramı 1 (arife 26 May: half day)
  '2026-05-28', // Kurban Bayramı 2
  '2026-05-29', // Kurban Bayramı 3
  '2026-05-30', // Kurban Bayramı 4
  '2026-07-15', // Demokrasi ve Millî Birlik Günü
  '2026-08-30', // Zafer Bayramı
  '2026-10-29', // Cumhuriyet Bayramı (28 October: half day)

  '2027-01-01', // Yılbaşı
  '2027-03-09', // Ramazan Bayramı 1 (arife 8 March: half day)
  '2027-03-10', // Ramazan Bayramı 2
  '2027-03-11', // Ramazan Bayramı 3
  '2027-04-23', // Ulusal Egemenlik ve Çocuk Bayramı
  '2027-05-01', // Emek ve Dayanışma Günü
  '2027-05-16', // Kurban Bayramı 1 (arife 15 May, a Saturday)
  '2027-05-17', // Kurban Bayramı 2
  '2027-05-18', // Kurban Bayramı 3
  '2027-05-19', // Kurban Bayramı 4; Atatürk'ü Anma, Gençlik ve Spor Bayramı
  '2027-07-15', // Demokrasi ve Millî Birlik Günü
  '2027-08-30', // Zafer Bayramı
  '2027-10-29', // Cumhuriyet Bayramı (28 October: half day)
]

/**
 * Xetra's non-trading days (Deutsche Börse, "Trading calendar": the days the Frankfurt Stock
 * Exchange, Xetra and Börse Frankfurt, does not trade). The other German public holidays are
 * trading days there.
 */
export const XETRA_HOLIDAYS: readonly string[] = [
  '2024-01-01', // Neujahr
  '2024-03-29', // Karfreitag
  '2024-04-01', // Ostermontag
  '2024-05-01', // Tag der Arbeit
  '2024-12-24', // Heiligabend
  '2024-12-25', // 1. Weihnachtstag
  '2024-12-26', // 2. Weihnachtstag
  '2024-12-31', // Silvester

  '2025-01-01', // Neujahr
  '2025-04-18', // Karfreitag
  '2025-04-21', // Ostermontag
  '2025-05-01', // Tag der Arbeit
  '2025-12-24', // Heiligabend
  '2025-12-25', // 1. Weihnachtstag
  '2025-12-26', // 2. Weihnachtstag
  '2025-12-31', // Silvester

  '2026-01-01', // Neujahr
  '2026-04-03', // Karfreitag
  '2026-04-06', // Ostermontag
  '2026-05-01', // Tag der Arbeit
  '2026-12-24', // Heiligabend
  '2026-12-25', // 1. Weihnachtstag
  '2026-12-26', // 2. Weihnachtstag
  '2026-12-31', // Silvester

  '2027-01-01', // Neujahr
  '2027-03-26', // Karfreitag
  '2027-03-29', // Ostermontag
  '2027-05-01', // Tag der Arbeit
  '2027-12-24', // Heiligabend
  '2027-12-25', // 1. Weihnachtstag
  '2027-12-26', // 2. Weihnachtstag
  '2027-12-31', // Silvester
]

/**
 * The NYSE's holidays, on the day it closes for them (a Saturday's on the Friday before, a
 * Sunday's on the Monday after, but not New Year's Day on a Saturday): NYSE Group's holiday
 * calendar, and its closures for national days of mourning. Nasdaq, NYSE American, NYSE Arca and
 * Cboe's US equities close on the same days.
 */
export const NYSE_HOLIDAYS: readonly string[] = [
  '2024-01-01', // New Year's Day
  '2024-01-15', // Martin Luther King, Jr. Day
  '2024-02-19', // Washington's Birthday
  '2024-03-29', // Good Friday
  '2024-05-27', // Memorial Day
  '2024-06-19', // Juneteenth National Independence Day
  '2024-07-04', // Independence Day
  '2024-09-02', // Labor Day
  '2024-11-28', // Thanksgiving Day
  '2024-12-25', // Christmas Day

  '2025-01-01', // New Year's Day
  '2025-01-09', // National Day of Mourning for President Carter
  '2025-01-20', // Martin Luther King, Jr. Day
  '2025-02-17', // Washington's Birthday
  '2025-04-18', // Good Friday
  '2025-05-26', // Memorial Day
  '2025-06-19', // Juneteenth National Independence Day
  '2025-07-04', // Independence Day
  '2025-09-01', // Labor Day
  '2025-11-27', // Thanksgiving Day
  '2025-12-25', // Christmas Day

  '2026-01-01', // New Year's Day
  '2026-01-19', // Martin Luther King, Jr. Day
  '2026-02-16', // Washington's Birthday
  '2026-04-03', // Good Friday
  '2026-05-25', // Memorial Day
  '2026-06-19', // Juneteenth National Independence Day
  '2026-07-03', // Independence Day (observed)
  '2026-09-07', // Labor Day
  '2026-11-26', // Thanksgiving Day
  '2026-12-25', // Christmas Day

  '2027-01-01', // New Year's Day
  '2027-01-18', // Martin Luther King, Jr. Day
  '2027-02-15', // Washington's Birthday
  '2027-03-26', // Good Friday
  '2027-05-31', // Memorial Day
  '2027-06-18', // Juneteenth National Independence Day (observed)
  '2027-07-05', // Independence Day (observed)
  '2027-09-06', // Labor Day
  '2027-11-25', // Thanksgiving Day
  '2027-12-24', // Christmas Day (observed)
]
