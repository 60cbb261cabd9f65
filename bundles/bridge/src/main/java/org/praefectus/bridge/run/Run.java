package org.praefectus.bridge.run;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Usage;

/**
 * One run: its record (the contract's RunRecord) and its newest events, at most {@code maxEvents} in memory.
 * Every method is synchronized on the run; {@link #awaitEvents} lets SSE streams wait for new ones.
 */
public final class Run {

    /** The type of a run's last event: once it is written, a stream of the run may end. */
    public static final String FINAL_EVENT = "normalized_status";

    private final String runId;
    private final String requestId;
    private final String missionId;
    private final String taskId;
    private final String executor;
    private final String startedAt;
    private final String hostWorkdir;
    private final int maxEvents;
    private final Deque<RunEvent> events = new ArrayDeque<>();
    private long nextSeq = 1;
    private boolean concluded;

    private RunState state;
    private NormalizedStatus normalized;
    private String pauseReason;
    private String finishedAt;
    private Integer exitCode;
    private List<String> changedFiles = List.of();
    private String stdoutTail;
    private String stderrTail;
    private long durationMs;
    private Usage usage = Usage.NONE;

    Run(
            String runId,
            String requestId,
            String missionId,
            String taskId,
            String executor,
            String startedAt,
            String hostWorkdir,
            RunState state,
            int maxEvents) {
        this.runId = runId;
        this.requestId = requestId;
        this.missionId = missionId;
        this.taskId = taskId;
        this.executor = executor;
        this.startedAt = startedAt;
        this.hostWorkdir = hostWorkdir;
        this.state = state;
        this.maxEvents = maxEvents;
    }

    public String runId() {
        return runId;
    }

    public String executor() {
        return executor;
    }

    public synchronized RunState state() {
        return state;
    }

    synchronized void state(RunState next) {
        this.state = next;
    }

    public synchronized NormalizedStatus normalized() {
        return normalized;
    }

    synchronized void finish(
            RunState finalState,
            NormalizedStatus status,
            String reason,
            Integer exit,
            List<String> changed,
            String outTail,
            String errTail,
            long duration,
            Usage reported) {
        this.state = finalState;
        this.normalized = status;
        this.pauseReason = reason;
        this.exitCode = exit;
        this.changedFiles = List.copyOf(changed);
        this.stdoutTail = outTail;
        this.stderrTail = errTail;
        this.durationMs = duration;
        this.usage = reported == null ? Usage.NONE : reported;
        this.finishedAt = Instant.now().toString();
    }

    /** Appends an event with the next sequence number; the oldest one is dropped beyond the buffer size. */
    synchronized RunEvent append(String type, Map<String, Object> data) {
        RunEvent event = new RunEvent(nextSeq++, type, Instant.now().toString(), runId, data);
        addLoaded(event);
        notifyAll();
        return event;
    }

    synchronized void addLoaded(RunEvent event) {
        events.addLast(event);
        while (events.size() > maxEvents) {
            events.removeFirst();
        }
        nextSeq = Math.max(nextSeq, event.seq() + 1);
        if (FINAL_EVENT.equals(event.type())) {
            concluded = true;
        }
    }

    /**
     * True once the run's final event is written (a terminal state alone comes a moment before it). A run
     * loaded already terminal is concluded whatever its stored events.
     */
    public synchronized boolean concluded() {
        return concluded;
    }

    public synchronized List<RunEvent> eventsAfter(long afterSeq, int limit) {
        List<RunEvent> out = new ArrayList<>();
        for (RunEvent e : events) {
            if (e.seq() > afterSeq) {
                out.add(e);
                if (out.size() >= limit) {
                    break;
                }
            }
        }
        return out;
    }

    public synchronized int bufferedEvents() {
        return events.size();
    }

    public synchronized long nextSeq() {
        return nextSeq;
    }

    /** Waits until an event after {@code afterSeq} exists, the run has concluded, or the timeout passes. */
    public synchronized void awaitEvents(long afterSeq, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (nextSeq - 1 <= afterSeq && !concluded) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return;
            }
            wait(left);
        }
    }

    /** The contract's RunRecord, field for field. */
    public synchronized Map<String, Object> record() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("run_id", runId);
        r.put("request_id", requestId);
        r.put("mission_id", missionId);
        r.put("task_id", taskId);
        r.put("executor", executor);
        r.put("status", state.wire());
        r.put("normalized_status", normalized == null ? null : normalized.wire());
        r.put("requires_owner_action", normalized != null && normalized.requiresOwnerAction());
        r.put("pause_reason", pauseReason);
        r.put("started_at", startedAt);
        r.put("finished_at", finishedAt);
        r.put("exit_code", exitCode);
        r.put("host_workdir", hostWorkdir);
        r.put("changed_files", changedFiles);
        r.put("stdout_tail", stdoutTail);
        r.put("stderr_tail", stderrTail);
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("duration_ms", durationMs);
        if (usage.inputTokens() != null) {
            u.put("input_tokens", usage.inputTokens());
        }
        if (usage.outputTokens() != null) {
            u.put("output_tokens", usage.outputTokens());
        }
        if (usage.costUsd() != null) {
            u.put("estimated_cost", usage.costUsd());
        }
        u.put("usage_available", usage.available());
        r.put("usage", u);
        return r;
    }

    /** Restores a record written by {@link #record()}. */
    @SuppressWarnings("unchecked")
    static Run fromRecord(Map<String, Object> r, int maxEvents) {
        Run run = new Run(
                (String) r.get("run_id"),
                (String) r.get("request_id"),
                (String) r.get("mission_id"),
                (String) r.get("task_id"),
                (String) r.get("executor"),
                (String) r.get("started_at"),
                (String) r.get("host_workdir"),
                RunState.fromWire((String) r.get("status")),
                maxEvents);
        Object ns = r.get("normalized_status");
        run.normalized = ns == null ? null : NormalizedStatus.fromWire((String) ns);
        run.concluded = run.state.terminal();
        run.pauseReason = (String) r.get("pause_reason");
        run.finishedAt = (String) r.get("finished_at");
        run.exitCode = r.get("exit_code") == null ? null : ((Number) r.get("exit_code")).intValue();
        run.changedFiles = List.copyOf((List<String>) r.getOrDefault("changed_files", List.of()));
        run.stdoutTail = (String) r.get("stdout_tail");
        run.stderrTail = (String) r.get("stderr_tail");
        Map<String, Object> u = (Map<String, Object>) r.getOrDefault("usage", Map.of());
        run.durationMs = u.get("duration_ms") == null ? 0 : ((Number) u.get("duration_ms")).longValue();
        run.usage = new Usage(
                u.get("input_tokens") == null ? null : ((Number) u.get("input_tokens")).longValue(),
                u.get("output_tokens") == null ? null : ((Number) u.get("output_tokens")).longValue(),
                u.get("estimated_cost") == null ? null : ((Number) u.get("estimated_cost")).doubleValue());
        return run;
    }
}
