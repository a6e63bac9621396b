/** An expected failure of a board mutation: the route answers it with this status and message. */
export class BoardError extends Error {
  constructor(
    public status: 400 | 403 | 404 | 409 | 413 | 422,
    message: string,
    public field?: string,
  ) {
    super(message);
    this.name = "BoardError";
  }
}

export const notFound = (what = "That item") =>
  new BoardError(404, `${what} was not found. It may have been deleted, or it belongs to another workspace.`);
