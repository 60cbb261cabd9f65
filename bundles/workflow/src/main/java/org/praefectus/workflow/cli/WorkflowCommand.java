package org.praefectus.workflow.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostState;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.workflow.model.Workflow;
import org.praefectus.workflow.model.WorkflowFiles;
import org.praefectus.workflow.model.WorkflowStep;
import org.praefectus.workflow.model.WorkflowValidationException;
import org.praefectus.workflow.run.RunResult;
import org.praefectus.workflow.run.WorkflowRunner;

/**
 * {@code workflow validate FILE} and {@code workflow replay FILE [--dry-run] [--run-id ID]}: a workflow file checked,
 * or run over the desktop service with each effect signed by the resident host (the CLI routes the command to the
 * daemon when one runs; without one a real replay is refused {@code runtime_unavailable} step by step). A run that
 * does not succeed is an error carrying its result.
 */
@Component(service = CliCommand.class)
@Command(WorkflowCommand.NAME)
public final class WorkflowCommand implements CliCommand {

    static final String NAME = "workflow";

    /** How long a step's {@code verify_selector} is observed for its effect to show. */
    static final long VERIFY_WAIT_MS = 3_000;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DesktopService desktop;

    private final Supplier<Path> runs;

    @Activate
    public WorkflowCommand() {
        this.runs = () -> {
            try {
                return HostState.directory(NAME).resolve("runs");
            } catch (IOException e) {
                return null;
            }
        };
    }

    /** Test code only: a command over this desktop and host, journaling into {@code runs}. */
    WorkflowCommand(DesktopService desktop, ResidentHost host, Path runs) {
        this.desktop = desktop;
        this.host = host;
        this.runs = () -> runs;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "workflow validate FILE | replay FILE [--dry-run] [--run-id ID]: PeekabooX workflow files";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !Set.of("validate", "replay").contains(arguments.get(0))) {
            throw CliCommandException.usage("workflow takes validate FILE or replay FILE [--dry-run] [--run-id ID]");
        }
        String verb = arguments.get(0);
        Options flags = Options.parse(
                NAME + " " + verb,
                arguments.subList(1, arguments.size()),
                verb.equals("replay") ? Set.of("run-id") : Set.of(),
                verb.equals("replay") ? Set.of("dry-run") : Set.of());
        if (flags.positional().size() != 1) {
            throw CliCommandException.usage(NAME + " " + verb + " takes one FILE");
        }
        Workflow workflow = load(Path.of(flags.positional().get(0)));
        return verb.equals("validate") ? summary(workflow) : replay(workflow, flags);
    }

    private static Workflow load(Path file) throws CliCommandException {
        try {
            return WorkflowFiles.load(file);
        } catch (NoSuchFileException e) {
            throw CliCommandException.failure("file_not_found", "the workflow file does not exist");
        } catch (IOException e) {
            throw CliCommandException.failure("file_unreadable", "the workflow file cannot be read");
        } catch (WorkflowValidationException e) {
            Map<String, Object> where = new LinkedHashMap<>();
            where.put("step", e.step() < 0 ? null : e.step());
            where.put("field", e.field());
            throw CliCommandException.failure(WorkflowValidationException.CODE, e.getMessage(), where);
        }
    }

    private static Map<String, Object> summary(Workflow workflow) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("valid", true);
        data.put("schema_version", workflow.schemaVersion());
        data.put("name", workflow.name());
        data.put("steps", workflow.steps().size());
        data.put(
                "actions",
                workflow.steps().stream().map(WorkflowStep::canonicalAction).toList());
        return data;
    }

    private RunResult replay(Workflow workflow, Options flags) throws CliCommandException {
        DesktopService service = desktop;
        Path directory = runs.get();
        if (service == null) {
            throw CliCommandException.failure("desktop_unavailable", "no desktop service runs on this platform");
        }
        if (directory == null) {
            throw CliCommandException.failure("state_unavailable", "the workflow state folder is unusable");
        }
        RunResult result;
        try {
            result = new WorkflowRunner(service, () -> host, directory, VERIFY_WAIT_MS)
                    .run(workflow, flags.value("run-id"), flags.has("dry-run"), new CancellationToken());
        } catch (WorkflowRunner.WorkflowRunException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
        if (!result.ok()) {
            throw CliCommandException.failure(
                    "workflow_failed",
                    "step " + result.failure().failedStep() + " failed: "
                            + result.failure().reason(),
                    result);
        }
        return result;
    }
}
