package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The page's JavaScript dialogs ({@code alert}, {@code confirm}, {@code prompt}, {@code beforeunload}) as the
 * browser reports them ({@code Page.javascriptDialogOpening} / {@code Closed}). While one is open the page runs no
 * script and answers no command but the dialog's own: observation then shows the dialog alone, and the only action is
 * to accept or dismiss it. Each dialog has its own sequence number, so an answer is bound to the dialog observed.
 */
final class PageDialogs {

    /** Longest dialog message shown to a model, in characters. */
    static final int MAX_MESSAGE_CHARS = 512;

    /**
     * One open dialog.
     *
     * @param sequence its number on this page, from 1
     * @param type     {@code alert}, {@code confirm}, {@code prompt} or {@code beforeunload}
     * @param message  its message, cut to {@link #MAX_MESSAGE_CHARS}
     */
    record Dialog(long sequence, String type, String message) {}

    private Dialog open;
    /** Completes when a dialog opens; replaced when it closes. */
    private java.util.concurrent.CompletableFuture<Void> opening = new java.util.concurrent.CompletableFuture<>();

    private long opened;
    private long closedSequence;
    private boolean closedResult;
    /** SHA-256 of the text a prompt closed with (never the text itself), or {@code null}. */
    private String closedInputHash;

    /** Takes one DevTools event; anything but the two dialog events is ignored. */
    synchronized void accept(JsonNode event) {
        String method = event.path("method").asText("");
        if (method.equals("Page.javascriptDialogOpening")) {
            JsonNode params = event.path("params");
            String message = params.path("message").asText("");
            opened++;
            open = new Dialog(
                    opened,
                    params.path("type").asText("alert"),
                    message.length() <= MAX_MESSAGE_CHARS ? message : message.substring(0, MAX_MESSAGE_CHARS));
            opening.complete(null);
            notifyAll();
        } else if (method.equals("Page.javascriptDialogClosed") && open != null) {
            closedSequence = open.sequence();
            closedResult = event.path("params").path("result").asBoolean(false);
            JsonNode input = event.path("params").path("userInput");
            closedInputHash = open.type().equals("prompt") && closedResult && input.isTextual()
                    ? org.praefectus.api.canonical.Sha256.hex(
                            input.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8))
                    : null;
            open = null;
            opening = new java.util.concurrent.CompletableFuture<>();
            notifyAll();
        }
    }

    /** Completes once a dialog is open (at once when one is): a command the blocked page will not answer can stop. */
    synchronized java.util.concurrent.CompletableFuture<Void> opening() {
        return opening;
    }

    /** The open dialog, or {@code null}. */
    synchronized Dialog open() {
        return open;
    }

    /** How many dialogs opened so far: a later number means one opened since. */
    synchronized long opened() {
        return opened;
    }

    /**
     * The result the dialog {@code sequence} closed with ({@code true} accepted), or {@code null} while it is open
     * or when it never closed.
     */
    synchronized Boolean closed(long sequence) {
        return closedSequence == sequence ? closedResult : null;
    }

    /**
     * The SHA-256 of the text the prompt {@code sequence} was accepted with, as the browser reported it, or
     * {@code null} (still open, another dialog, not a prompt, or dismissed).
     */
    synchronized String closedInputHash(long sequence) {
        return closedSequence == sequence ? closedInputHash : null;
    }

    /** Waits until dialog {@code sequence} closed, or the deadline; its result, or {@code null}. */
    synchronized Boolean awaitClosed(long sequence, long deadlineAtMs) throws InterruptedException {
        while (closedSequence != sequence) {
            long left = deadlineAtMs - System.currentTimeMillis();
            if (left <= 0) {
                return null;
            }
            wait(left);
        }
        return closedResult;
    }

    /** Waits until a dialog numbered above {@code seen} opened, or {@code millis} passed. */
    synchronized boolean awaitOpened(long seen, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        while (opened <= seen) {
            long left = until - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }
}
