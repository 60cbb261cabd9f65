package org.praefectus.workflow.service;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostState;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.TemplateFilter;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.api.workflow.WorkflowTemplate;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;
import org.praefectus.workflow.record.RecordingDesktop;
import org.praefectus.workflow.run.WorkflowRunner;

/**
 * The {@link WorkflowService}: workflow files through {@link WorkflowFiles}, runs through {@link WorkflowRunner}
 * over the platform's desktop service (optional, dynamic: without it a run is {@code desktop_unavailable}),
 * journaled in {@code $XDG_STATE_HOME/praefectus/workflow/runs/}, and the built-in templates.
 */
@Component(service = WorkflowService.class)
public final class DesktopWorkflows implements WorkflowService {

    /** The state folder's name; runs are journaled in its {@code runs} folder. */
    static final String STATE = "workflow";

    /** How long a step's {@code verify_selector} is observed for its effect to show. */
    public static final long VERIFY_WAIT_MS = 3_000;

    /** The platform's service, never the recording one: a replay is not recorded. */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            target = RecordingDesktop.PLATFORM)
    private volatile DesktopService desktop;

    private final Supplier<Path> runs;
    private final BuiltInTemplates templates = BuiltInTemplates.load();

    @Activate
    public DesktopWorkflows() {
        this.runs = () -> {
            try {
                return HostState.directory(STATE).resolve("runs");
            } catch (IOException e) {
                return null;
            }
        };
    }

    /** Plain Java (tests, the CLI's test constructor): runs over {@code desktop}, journaled into {@code runs}. */
    public DesktopWorkflows(DesktopService desktop, Path runs) {
        this.desktop = desktop;
        this.runs = () -> runs;
    }

    @Override
    public Workflow parse(String text, String format) throws WorkflowValidationException {
        return WorkflowFiles.parse(text, format);
    }

    @Override
    public Workflow load(Path file) throws WorkflowException {
        try {
            return WorkflowFiles.load(file);
        } catch (NoSuchFileException e) {
            throw new WorkflowException("file_not_found", "the workflow file does not exist");
        } catch (IOException e) {
            throw new WorkflowException("file_unreadable", "the workflow file cannot be read");
        }
    }

    @Override
    public String write(Workflow workflow, String format) {
        return WorkflowFiles.write(workflow, format == null ? "json" : format.toLowerCase(Locale.ROOT));
    }

    @Override
    public void save(Workflow workflow, Path file) throws WorkflowException {
        try {
            WorkflowFiles.save(workflow, file);
        } catch (IOException e) {
            throw new WorkflowException("file_unwritable", "the workflow file cannot be written");
        }
    }

    @Override
    public RunResult execute(Workflow workflow, WorkflowRun run, CancellationToken cancellation)
            throws WorkflowException {
        return runner(run).run(workflow, run.runId(), run.dryRun(), cancellation);
    }

    @Override
    public RunResult continueRun(
            Workflow failed, RunResult failedRun, Workflow replacement, WorkflowRun run, CancellationToken cancellation)
            throws WorkflowException {
        return runner(run).continueRun(failed, failedRun, replacement, run.runId(), run.dryRun(), cancellation);
    }

    private WorkflowRunner runner(WorkflowRun run) throws WorkflowException {
        DesktopService service = desktop;
        Path directory = runs.get();
        if (service == null) {
            throw new WorkflowException("desktop_unavailable", "no desktop service runs on this platform");
        }
        if (directory == null) {
            throw new WorkflowException("state_unavailable", "the workflow state folder is unusable");
        }
        return new WorkflowRunner(service, run::signer, directory, VERIFY_WAIT_MS);
    }

    @Override
    public List<WorkflowTemplate> templates(TemplateFilter filter) {
        return templates.matching(filter);
    }

    @Override
    public WorkflowTemplate template(String id) throws WorkflowException {
        return templates.byId(id);
    }
}
