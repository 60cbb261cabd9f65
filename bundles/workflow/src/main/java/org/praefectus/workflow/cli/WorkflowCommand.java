package org.praefectus.workflow.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopPreflight;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.workflow.RunResult;
import org.praefectus.api.workflow.TemplateFilter;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowRecorder;
import org.praefectus.api.workflow.WorkflowRun;
import org.praefectus.api.workflow.WorkflowService;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.StepRules;
import org.praefectus.workflow.service.DesktopWorkflows;

/**
 * {@code workflow validate FILE}, {@code workflow replay FILE [--dry-run] [--run-id ID]} and
 * {@code workflow templates [ID] [--category C] [--capability C] [--tag T]}: a thin adapter over the typed
 * {@link WorkflowService}. A replay's effects are signed by the resident host (the CLI routes the command to the
 * daemon when one runs; without one a real replay is refused {@code runtime_unavailable} step by step). A run that
 * does not succeed is an error carrying its result.
 */
@Component(service = CliCommand.class)
@Command(WorkflowCommand.NAME)
public final class WorkflowCommand implements CliCommand {

    static final String NAME = "workflow";

    private static final Set<String> VERBS = Set.of("validate", "replay", "templates", "record", "bundle");

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile WorkflowRecorder recorder;

    /** The platform's doctor checks, for a bundle's diagnostics. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DesktopPreflight doctor;

    private final WorkflowService workflows;

    @Activate
    public WorkflowCommand(@Reference WorkflowService workflows) {
        this.workflows = workflows;
    }

    /** Test code only: a command over this desktop and host, journaling into {@code runs}. */
    WorkflowCommand(DesktopService desktop, ResidentHost host, Path runs) {
        this(desktop, host, runs, null);
    }

    /** Test code only: the same with a recorder. */
    WorkflowCommand(DesktopService desktop, ResidentHost host, Path runs, WorkflowRecorder recorder) {
        this.workflows = new DesktopWorkflows(desktop, runs);
        this.host = host;
        this.recorder = recorder;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "workflow validate FILE | replay FILE [--dry-run] [--run-id ID] | templates [ID]"
                + " | record start NAME|stop|save FILE | bundle FILE OUT: PeekabooX workflows";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !VERBS.contains(arguments.get(0))) {
            throw CliCommandException.usage("workflow takes validate FILE, replay FILE [--dry-run] [--run-id ID],"
                    + " templates [ID], record start NAME|stop|save FILE or bundle FILE OUT");
        }
        String verb = arguments.get(0);
        Options flags = Options.parse(
                NAME + " " + verb,
                arguments.subList(1, arguments.size()),
                switch (verb) {
                    case "replay" -> Set.of("run-id");
                    case "templates" -> Set.of("category", "capability", "tag");
                    default -> Set.of();
                },
                verb.equals("replay") ? Set.of("dry-run") : Set.of());
        try {
            if (verb.equals("templates")) {
                return templates(flags);
            }
            if (verb.equals("record")) {
                return record(flags.positional());
            }
            if (verb.equals("bundle")) {
                return bundle(flags.positional());
            }
            if (flags.positional().size() != 1) {
                throw CliCommandException.usage(NAME + " " + verb + " takes one FILE");
            }
            Workflow workflow = workflows.load(Path.of(flags.positional().get(0)));
            return verb.equals("validate") ? summary(workflow) : replay(workflow, flags);
        } catch (WorkflowException e) {
            throw failure(e);
        }
    }

    private Object templates(Options flags) throws CliCommandException, WorkflowException {
        if (flags.positional().size() > 1) {
            throw CliCommandException.usage(NAME + " templates takes at most one template ID");
        }
        if (flags.positional().size() == 1) {
            return workflows.template(flags.positional().get(0));
        }
        return Map.of(
                "templates",
                workflows.templates(
                        new TemplateFilter(flags.value("category"), flags.value("capability"), flags.value("tag"))));
    }

    /**
     * {@code record start NAME}, {@code record stop}, {@code record save FILE}: the recorder of the runtime that runs
     * the command (the daemon's, when the CLI routes to it). Answers name the steps' actions, never their values: the
     * typed text is only in the saved file.
     */
    private Object record(List<String> words) throws CliCommandException, WorkflowException {
        String usage = NAME + " record takes start NAME, stop or save FILE";
        if (words.isEmpty()) {
            throw CliCommandException.usage(usage);
        }
        WorkflowRecorder active = recorder;
        if (active == null) {
            throw CliCommandException.failure("recorder_unavailable", "this runtime has no desktop service to record");
        }
        switch (words.get(0) + "/" + words.size()) {
            case "start/2" -> {
                active.start(words.get(1));
                return Map.of("recording", true, "name", words.get(1).strip());
            }
            case "stop/1" -> {
                return recorded(active.stop());
            }
            case "save/2" -> {
                Workflow workflow = active.recorded();
                Path file = Path.of(words.get(1));
                workflows.save(workflow, file);
                Map<String, Object> saved = recorded(workflow);
                saved.put("saved", file.toAbsolutePath().toString());
                return saved;
            }
            default -> throw CliCommandException.usage(usage);
        }
    }

    /**
     * {@code bundle FILE OUT}: the workflow (validated), its normalized form, the doctor's diagnostics of the desktop
     * and of its first input action, and a dry run's results (nothing signed) in the new folder {@code OUT}.
     */
    private Object bundle(List<String> words) throws CliCommandException, WorkflowException {
        if (words.size() != 2) {
            throw CliCommandException.usage(NAME + " bundle takes FILE OUT");
        }
        Path source = Path.of(words.get(0));
        Workflow workflow = workflows.load(source);
        Object replay;
        try {
            replay = workflows.execute(workflow, new WorkflowRun(null, true, host), new CancellationToken());
        } catch (WorkflowException e) {
            replay = Map.of("error", Map.of("code", e.code(), "message", e.getMessage()));
        }
        Path out = Path.of(words.get(1)).toAbsolutePath();
        List<String> files = ReplayBundle.write(workflow, source, out, diagnostics(workflow), replay);
        Map<String, Object> data = recorded(workflow);
        data.put("bundle", out.toString());
        data.put("files", files);
        return data;
    }

    /** The doctor's checks of the desktop and of what the first input step needs, or why there are none. */
    private Object diagnostics(Workflow workflow) {
        DesktopPreflight checks = doctor;
        if (checks == null) {
            return Map.of(
                    "error", Map.of("code", "doctor_unavailable", "message", "no platform bundle checks this desktop"));
        }
        String operation = workflow.steps().stream()
                .map(WorkflowStep::canonicalAction)
                .filter(StepRules.INPUT_ACTIONS::contains)
                .findFirst()
                .orElse(null);
        try {
            return checks.check(List.of("desktop"), operation);
        } catch (IllegalArgumentException e) {
            // an input action the doctor has no checks for: the desktop's own checks
            return checks.check(List.of("desktop"), null);
        }
    }

    private static Map<String, Object> recorded(Workflow workflow) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", workflow.name());
        data.put("steps", workflow.steps().size());
        data.put(
                "actions",
                workflow.steps().stream().map(WorkflowStep::canonicalAction).toList());
        return data;
    }

    /** A service error as the CLI's error: {@code invalid_workflow} names the step and the field. */
    static CliCommandException failure(WorkflowException e) {
        if (e instanceof WorkflowValidationException invalid) {
            Map<String, Object> where = new LinkedHashMap<>();
            where.put("step", invalid.step() < 0 ? null : invalid.step());
            where.put("field", invalid.field());
            return CliCommandException.failure(e.code(), e.getMessage(), where);
        }
        return CliCommandException.failure(e.code(), e.getMessage());
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

    private RunResult replay(Workflow workflow, Options flags) throws CliCommandException, WorkflowException {
        RunResult result = workflows.execute(
                workflow, new WorkflowRun(flags.value("run-id"), flags.has("dry-run"), host), new CancellationToken());
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
