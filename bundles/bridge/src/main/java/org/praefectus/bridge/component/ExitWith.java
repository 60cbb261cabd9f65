package org.praefectus.bridge.component;

import java.util.Hashtable;
import java.util.concurrent.Callable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The executable jar's exit code: a {@code main.thread} Callable the bnd launcher calls and exits with. A
 * named class: the launcher checks by reflection that {@code call()} returns Integer.
 */
final class ExitWith implements Callable<Integer> {
    private final int code;

    private ExitWith(int code) {
        this.code = code;
    }

    @Override
    public Integer call() {
        return code;
    }

    /** Prints the refusal and makes the launcher exit with {@code code}. */
    static ServiceRegistration<?> refuse(BundleContext context, String message, int code) {
        System.err.println(message);
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("main.thread", true);
        return context.registerService(Callable.class, new ExitWith(code), properties);
    }

    static void unregister(ServiceRegistration<?> registration) {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping
            }
        }
    }
}
