/** The store's notion of now; tests pass a controlled one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
