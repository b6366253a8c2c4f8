export * from "./bets";
export * from "./customers";
export * from "./rollups";
export * from "./system";
export * from "./transactions";
export * from "./users";
