import type { UserRecord } from "@skillshelf/shared/api.ts";
import { users } from "../db/schema/index.ts";

/** The columns of the stored user record (SPEC.md section 3); never the hash. */
export const userRecordColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  mobileNumber: users.mobileNumber,
  about: users.about,
  displayName: users.displayName,
  timezone: users.timezone,
  language: users.language,
  emailNotifications: users.emailNotifications,
  inAppNotifications: users.inAppNotifications,
  smsNotifications: users.smsNotifications,
};

export type UserRow = {
  [K in keyof typeof userRecordColumns]: (typeof userRecordColumns)[K]["_"]["data"];
};

export function toUserRecord(row: UserRow): UserRecord {
  return {
    name: row.name,
    email: row.email,
    mobile_number: row.mobileNumber,
    about: row.about,
    display_name: row.displayName,
    timezone: row.timezone,
    language: row.language,
    email_notifications: row.emailNotifications,
    in_app_notifications: row.inAppNotifications,
    sms_notifications: row.smsNotifications,
  };
}
