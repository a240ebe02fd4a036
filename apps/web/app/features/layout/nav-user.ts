/** What the navigation bar needs to know about a signed-in user. */
export interface NavUser {
  name: string;
  /** An operator: the header links to /admin. */
  operator: boolean;
}
