package org.praefectus.bridge.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds and ends every process of one run, wherever it went: each carries the run's
 * {@code PRAETOR_RUN_ID} in its environment (the bridge sets it for the agent, and children inherit it),
 * so one that escaped its session with {@code setsid} and outlived its parent is still recognised among
 * the processes of this user (also after a restart). With the JVM a {@link ChildSubreaper} such an orphan
 * is the JVM's child, not init's, and its exit status is collected here once it is killed.
 */
public final class RunProcesses {

    /** Processes the JVM adopted as subreaper (they carry a run's marker and are no run's root). */
    private static final Set<Long> ADOPTED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private RunProcesses() {}

    /**
     * Notes the JVM's adopted children and collects those that have ended, so orphans that exit by
     * themselves do not stay zombies. {@code roots} are the runs' own processes, which the JDK waits for.
     */
    public static void reapAdopted(Set<Long> roots) {
        if (!ChildSubreaper.enabled()) {
            return;
        }
        for (ProcessHandle child : ProcessHandle.current().children().toList()) {
            long pid = child.pid();
            if (roots.contains(pid)) {
                continue;
            }
            if (ADOPTED.contains(pid)) {
                if (zombie(pid)) {
                    ChildSubreaper.reap(pid);
                    ADOPTED.remove(pid);
                }
            } else if (environmentContains(pid, "PRAETOR_RUN_ID=", true)) {
                ADOPTED.add(pid);
            }
        }
    }

    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Kills (SIGKILL) every live process whose environment names this run, except the excluded pids (a
     * root the process runner still owns); returns how many were killed.
     */
    public static int kill(String runId, Set<Long> except) {
        String marker = "PRAETOR_RUN_ID=" + runId;
        long self = ProcessHandle.current().pid();
        List<ProcessHandle> found = new ArrayList<>();
        try (Stream<ProcessHandle> candidates = ProcessHandle.allProcesses()) {
            candidates
                    .filter(p -> p.pid() != self && !except.contains(p.pid()))
                    .filter(p -> environmentContains(p.pid(), marker, false))
                    .forEach(found::add);
        }
        for (ProcessHandle p : found) {
            p.destroyForcibly();
        }
        for (ProcessHandle p : found) {
            boolean adopted = p.parent().map(ProcessHandle::pid).orElse(-1L)
                    == ProcessHandle.current().pid();
            if (adopted) {
                ADOPTED.remove(p.pid());
                try {
                    p.onExit().get(2, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception notYet) {
                    // reaped below anyway; a later waitpid collects it
                }
                ChildSubreaper.reap(p.pid());
            }
        }
        return found.size();
    }

    private static boolean environmentContains(long pid, String marker, boolean prefix) {
        byte[] env;
        try {
            env = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
        } catch (IOException | SecurityException e) {
            return false; // another user's process, or gone
        }
        for (String variable : new String(env, StandardCharsets.UTF_8).split("\0")) {
            if (prefix ? variable.startsWith(marker) : variable.equals(marker)) {
                return true;
            }
        }
        return false;
    }
}
