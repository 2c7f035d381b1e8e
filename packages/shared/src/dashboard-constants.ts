/**
 * The dashboard's constants without zod (ADR 0020), so the web app's dashboard view (a first-load
 * route) can use them without the shared schemas; `dashboard.ts` re-exports them.
 */
export const WIDGET_IDS = ['alerts', 'agenda', 'tasks', 'patientLoad', 'activity'] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

export const GRID_COLUMNS = 12;
export const GRID_MAX_ROWS = 60;
export const LAYOUT_NAME_MAX = 60;
/** Layouts one person may keep. */
export const LAYOUTS_PER_USER = 20;
/** The version of the layout JSON written today. */
export const LAYOUT_SCHEMA_VERSION = 1;

export interface LayoutItem {
  i: WidgetId;
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface LayoutSpec {
  version: typeof LAYOUT_SCHEMA_VERSION;
  columns: typeof GRID_COLUMNS;
  items: LayoutItem[];
}

/** The layout everyone starts from (and "Reset" returns to). */
export const DEFAULT_LAYOUT: LayoutSpec = {
  version: LAYOUT_SCHEMA_VERSION,
  columns: GRID_COLUMNS,
  items: [
    { i: 'alerts', x: 0, y: 0, w: 6, h: 4 },
    { i: 'agenda', x: 6, y: 0, w: 6, h: 4 },
    { i: 'tasks', x: 0, y: 4, w: 6, h: 4 },
    { i: 'patientLoad', x: 6, y: 4, w: 6, h: 4 },
    { i: 'activity', x: 0, y: 8, w: 12, h: 4 },
  ],
};

/** Who the summary was shaped for: staff (identified), a patient (their own), research (aggregates). */
export const DASHBOARD_SCOPES = ['staff', 'patient', 'research'] as const;
export const ACTIVITY_KINDS = ['patient', 'report', 'message'] as const;
export const ALERT_KINDS = ['no_next_step', 'overdue_task'] as const;

/** What a person may be told about (several notification types share one preference). */
export const PREFERENCE_TYPES = [
  'message',
  'task',
  'appointment',
  'questionnaire',
  'plan',
] as const;
export type PreferenceType = (typeof PREFERENCE_TYPES)[number];
export const PREFERENCE_CHANNELS = ['inApp', 'email', 'sms'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];
export type ChannelChoice = Record<PreferenceChannel, boolean>;
export type NotificationPreferences = Record<PreferenceType, ChannelChoice>;

/**
 * Everything allowed: a notice outside the app goes by e-mail when the person has an address, and by
 * SMS only when they have none (so the default never sends both).
 */
export const DEFAULT_CHANNELS: ChannelChoice = { inApp: true, email: true, sms: true };
