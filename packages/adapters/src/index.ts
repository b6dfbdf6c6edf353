// Each adapter family adds its own export line here.
export {};
