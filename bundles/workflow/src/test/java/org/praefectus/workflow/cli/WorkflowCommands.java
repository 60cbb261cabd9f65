package org.praefectus.workflow.cli;

import java.nio.file.Path;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.WorkflowRecorder;

/** Test code only: the {@code workflow} command for tests of other packages. */
public final class WorkflowCommands {

    private WorkflowCommands() {}

    public static org.praefectus.api.cli.CliCommand of(
            DesktopService desktop, ResidentHost host, Path runs, WorkflowRecorder recorder) {
        return new WorkflowCommand(desktop, host, runs, recorder);
    }
}
