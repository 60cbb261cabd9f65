package org.praefectus.tests.remote;

import java.nio.file.Path;

/**
 * One engine host of a test, by name: the framework {@code hostId} on the shared ledger {@code ledgerUrl}, trusting
 * {@code keyEntry}, importing desktop {@code desktopId}'s probe from {@code address:port} (waiting at most {@code
 * timeoutMs} for an answer), and its driver executing {@code requests} into {@code results} once {@code start}
 * exists, pausing {@code pauseMs} after each operation. {@link #of} gives the defaults; the {@code with…} methods
 * change one field each.
 */
record EngineRun(
        Path directory,
        String hostId,
        String ledgerUrl,
        String keyEntry,
        String desktopId,
        String address,
        int port,
        int timeoutMs,
        Path requests,
        Path results,
        Path start,
        long pauseMs) {

    /**
     * Desktop {@code desktop-1} on loopback, a 30 s answer timeout, results in {@code <hostId>.results} and the start
     * file {@code start} in {@code directory}, no pause.
     */
    static EngineRun of(Path directory, String hostId, String ledgerUrl, String keyEntry, int port, Path requests) {
        return new EngineRun(
                directory,
                hostId,
                ledgerUrl,
                keyEntry,
                "desktop-1",
                "127.0.0.1",
                port,
                30_000,
                requests,
                directory.resolve(hostId + ".results"),
                directory.resolve("start"),
                0);
    }

    EngineRun withDesktop(String id) {
        return new EngineRun(
                directory, hostId, ledgerUrl, keyEntry, id, address, port, timeoutMs, requests, results, start,
                pauseMs);
    }

    EngineRun withAddress(String desktopAddress) {
        return new EngineRun(
                directory,
                hostId,
                ledgerUrl,
                keyEntry,
                desktopId,
                desktopAddress,
                port,
                timeoutMs,
                requests,
                results,
                start,
                pauseMs);
    }

    EngineRun withTimeoutMs(int answerTimeoutMs) {
        return new EngineRun(
                directory,
                hostId,
                ledgerUrl,
                keyEntry,
                desktopId,
                address,
                port,
                answerTimeoutMs,
                requests,
                results,
                start,
                pauseMs);
    }

    EngineRun withResults(Path file) {
        return new EngineRun(
                directory, hostId, ledgerUrl, keyEntry, desktopId, address, port, timeoutMs, requests, file, start,
                pauseMs);
    }

    EngineRun withStart(Path file) {
        return new EngineRun(
                directory, hostId, ledgerUrl, keyEntry, desktopId, address, port, timeoutMs, requests, results, file,
                pauseMs);
    }

    EngineRun withPauseMs(long pause) {
        return new EngineRun(
                directory, hostId, ledgerUrl, keyEntry, desktopId, address, port, timeoutMs, requests, results, start,
                pause);
    }
}
