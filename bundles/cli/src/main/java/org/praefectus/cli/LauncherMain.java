package org.praefectus.cli;

import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CommandLine;

/**
 * Makes {@code java -jar praefectus.jar COMMAND…} run one command and exit with its code. The bnd
 * launcher publishes the command line as the {@code launcher.arguments} service property and runs a
 * {@code main.thread} Callable on the main thread, exiting with its result.
 *
 * <p>Only the executable jar sets the framework property {@value #ENABLED}: the test launcher and the
 * Gogo debug runtime publish {@code launcher.arguments} too, and there a main thread would end the run.
 */
@Component(immediate = true)
public final class LauncherMain {

    static final String ENABLED = "praefectus.cli.main";
    static final String ARGUMENTS = "launcher.arguments";

    private final ServiceRegistration<?> registration;

    @Activate
    public LauncherMain(
            BundleContext context,
            @Reference(service = Object.class, target = "(" + ARGUMENTS + "=*)") Map<String, Object> launcher,
            @Reference CommandLine commandLine) {
        if (!Boolean.parseBoolean(context.getProperty(ENABLED))) {
            registration = null;
            return;
        }
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("main.thread", true);
        registration = context.registerService(
                Callable.class, new MainThread(commandLine, List.of((String[]) launcher.get(ARGUMENTS))), properties);
    }

    @Deactivate
    void deactivate() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping and has withdrawn it already
            }
        }
    }

    /** A named class, not a lambda: the launcher checks by reflection that {@code call()} returns Integer. */
    static final class MainThread implements Callable<Integer> {

        private final CommandLine commandLine;
        private final List<String> arguments;

        MainThread(CommandLine commandLine, List<String> arguments) {
            this.commandLine = commandLine;
            this.arguments = arguments;
        }

        @Override
        public Integer call() {
            return commandLine.run(arguments, System.out, System.err);
        }
    }
}
