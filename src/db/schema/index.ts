export * from "./bets";
export * from "./customers";
export * from "./rollups";
export * from "./shifts";
export * from "./system";
export * from "./transactions";
export * from "./users";
