import type { ClientLoaderFunctionArgs } from "@remix-run/react";

/**
 * The clientLoader of a resource route a list reads its next page from ('Load more'): when the request never reached
 * the server (no network), the list's fetcher hears `{ error }`, which the list shows beside its button with the
 * cursor kept for another try, instead of the page giving way to its error boundary. Only for resource routes: a
 * page's clientLoader would hand its component this answer in place of its data.
 */
export function answerUnreachedPages(error: string) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    try {
      return await serverLoader();
    } catch (failure) {
      // fetch() rejects with a TypeError when there is no network; the server's own answers are Responses.
      if (failure instanceof TypeError) return { error };
      throw failure;
    }
  };
}
