export * from "./bets";
export * from "./customers";
export * from "./system";
export * from "./transactions";
export * from "./users";
