package org.praefectus.tests.jar.provider;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.workflow.FailureReport;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowException;
import org.praefectus.api.workflow.WorkflowProvider;
import org.praefectus.api.workflow.WorkflowService;

/**
 * Test code only, shipped as a bundle of its own (its one class): an agent host's model, scripted. It registers a
 * {@link WorkflowProvider} whose first draft is the workflow file {@code generate.json} and whose replan is
 * {@code replan.json}, both in the folder the framework property {@value #FOLDER} names (read by the runtime's own
 * {@link WorkflowService}), and it writes each failure it is asked to replan into {@code replans.txt} there.
 */
public final class ScriptedProviderBundle implements BundleActivator, WorkflowProvider {

    /** The framework (or system) property naming the script folder. */
    public static final String FOLDER = "praefectus.test.provider";

    private volatile BundleContext context;
    private volatile Path folder;

    @Override
    public void start(BundleContext bundleContext) {
        this.context = bundleContext;
        this.folder = Path.of(bundleContext.getProperty(FOLDER));
        bundleContext.registerService(WorkflowProvider.class, this, null);
    }

    @Override
    public void stop(BundleContext bundleContext) {
        // the framework unregisters the provider
    }

    @Override
    public Workflow generate(String goal, List<GraphNode> desktop) {
        return read("generate.json");
    }

    @Override
    public Workflow refine(Workflow workflow, String feedback, List<GraphNode> desktop) {
        throw new UnsupportedOperationException("the script has no refinement");
    }

    @Override
    public Workflow replan(String goal, Workflow workflow, FailureReport failure, List<GraphNode> desktop) {
        String line = failure.failedStep() + " " + failure.reason() + " " + failure.nextAction() + "\n";
        try {
            Files.writeString(
                    folder.resolve("replans.txt"),
                    line,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException("the script folder cannot be written", e);
        }
        return read("replan.json");
    }

    private Workflow read(String name) {
        ServiceReference<WorkflowService> reference = context.getServiceReference(WorkflowService.class);
        if (reference == null) {
            throw new IllegalStateException("no workflow service");
        }
        try {
            return context.getService(reference).load(folder.resolve(name));
        } catch (WorkflowException e) {
            throw new IllegalStateException(e.code(), e);
        } finally {
            context.ungetService(reference);
        }
    }
}
