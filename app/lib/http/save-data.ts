/** A browser with its data saver on sends `Save-Data: on` (the Client Hint): pages then start no media by themselves. */
export const wantsLessData = (request: Request) =>
  request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
