package org.praefectus.bridge.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Outcome;

/**
 * Writes what happens to runs: each event (in memory and on disk), each state change, and a run's end,
 * which is always the end event of its kind ({@code run_finished}, {@code run_failed} or
 * {@code run_cancelled}) followed by the final {@code normalized_status}. Shared by the queue and the
 * lifecycle of one run, so both report the same way.
 */
final class RunJournal {

    private final RunStore store;

    RunJournal(RunStore store) {
        this.store = store;
    }

    RunStore store() {
        return store;
    }

    /** Numbers, writes (disk first) and buffers one event; one run's events are written in seq order. */
    void event(Run run, String type, Map<String, Object> data) {
        synchronized (run) {
            RunEvent event = run.next(type, data);
            run.buffer(event, store.appendEvent(event));
        }
    }

    void transition(Run run, RunState next) {
        RunState previous = run.state();
        run.state(next);
        store.save(run);
        event(run, "status_changed", Map.of("from", previous.wire(), "to", next.wire()));
    }

    /** Ends a run that never started a process (refused, cancelled in the queue, interrupted). */
    void conclude(Run run, RunState state, Outcome outcome) {
        conclude(run, state, outcome, null, List.of(), null, null, 0);
    }

    void conclude(
            Run run,
            RunState state,
            Outcome outcome,
            Integer exitCode,
            List<String> changed,
            String stdoutTail,
            String stderrTail,
            long durationMs) {
        run.finish(
                state,
                outcome.status(),
                outcome.pauseReason(),
                exitCode,
                changed,
                stdoutTail,
                stderrTail,
                durationMs,
                outcome.usage());
        Map<String, Object> end = new LinkedHashMap<>();
        end.put("status", outcome.status().wire());
        end.put("exit_code", exitCode);
        end.put("changed_files", changed);
        end.put("duration_ms", durationMs);
        if (outcome.pauseReason() != null) {
            end.put("reason", outcome.pauseReason());
        }
        event(run, endEvent(outcome.status()), end);
        Map<String, Object> record = run.record();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("status", record.get("normalized_status"));
        data.put("run_status", run.state().wire());
        data.put("pause_reason", record.get("pause_reason"));
        data.put("requires_owner_action", record.get("requires_owner_action"));
        event(run, Run.FINAL_EVENT, data);
        store.save(run);
    }

    /** Seed §13.1: a run ends finished (whatever the agent came to), failed or cancelled. */
    static String endEvent(NormalizedStatus status) {
        return switch (status) {
            case CANCELLED -> "run_cancelled";
            case FAILED_TRANSIENT, FAILED_PERMANENT -> "run_failed";
            default -> "run_finished";
        };
    }
}
