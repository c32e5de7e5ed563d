export * from "platform/bench"
