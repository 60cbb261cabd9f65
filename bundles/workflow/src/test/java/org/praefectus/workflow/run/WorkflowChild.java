package org.praefectus.workflow.run;

import java.nio.file.Path;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * Test code only: a workflow runtime in a JVM of its own, for a test to kill. Usage: WorkflowChild RIG_STATE
 * RUN_DIRECTORY RUN_ID FILE.
 */
public final class WorkflowChild {

    private WorkflowChild() {}

    public static void main(String[] args) throws Exception {
        try (WorkflowDesktop rig = new WorkflowDesktop(Path.of(args[0]))) {
            RunResult result = new WorkflowRunner(rig.desktop, () -> rig.host, Path.of(args[1]), 3_000)
                    .run(WorkflowFiles.load(Path.of(args[3])), args[2], false, new CancellationToken());
            System.out.println(result.ok());
        }
    }
}
