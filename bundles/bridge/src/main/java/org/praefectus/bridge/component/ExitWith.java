package org.praefectus.bridge.component;

import java.util.Hashtable;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;

/**
 * The executable jar's exit code: a {@code main.thread} Callable the launcher calls on its main thread and exits
 * with. A refusal returns its code at once. The jar's launcher runs until a main thread ends, so the launch
 * component also registers one that returns 0 when the bridge stops, or a refusal's code when one is registered
 * meanwhile (whichever of the two the launcher took, a refused start exits with the refusal's code). A named
 * class: the bnd launcher checks by reflection that {@code call()} returns Integer.
 */
final class ExitWith implements Callable<Integer> {

    /** Service property of a refusal's registration: its exit code. */
    static final String CODE = "praefectus.bridge.exit";

    private static final String REFUSALS =
            "(&(objectClass=" + Callable.class.getName() + ")(main.thread=true)(" + CODE + "=*))";

    private final AtomicInteger code;
    private final CountDownLatch until;

    private ExitWith(int code, CountDownLatch until) {
        this.code = new AtomicInteger(code);
        this.until = until;
    }

    @Override
    public Integer call() throws InterruptedException {
        until.await();
        return code.get();
    }

    /** Prints the refusal and makes the launcher exit with {@code code}. */
    static ServiceRegistration<?> refuse(BundleContext context, String message, int code) {
        System.err.println(message);
        @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("main.thread", true);
        properties.put(CODE, code);
        return context.registerService(Callable.class, new ExitWith(code, new CountDownLatch(0)), properties);
    }

    /** The main thread of a bridge that started: see {@link UntilStopped}. */
    static UntilStopped untilStopped(BundleContext context) {
        return new UntilStopped(context);
    }

    /**
     * Ends the launcher's main thread with 0 when {@link #close()} is called (the launch component stops), or
     * with the code of a refusal registered before that.
     */
    static final class UntilStopped implements AutoCloseable {
        private final BundleContext context;
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final ExitWith exit = new ExitWith(0, stopped);
        private final ServiceListener refusals;
        private final ServiceRegistration<?> registration;

        private UntilStopped(BundleContext context) {
            this.context = context;
            this.refusals = event -> {
                if (event.getType() == ServiceEvent.REGISTERED) {
                    refused(event.getServiceReference());
                }
            };
            try {
                context.addServiceListener(refusals, REFUSALS);
                ServiceReference<?>[] present = context.getServiceReferences((String) null, REFUSALS);
                if (present != null) {
                    refused(present[0]);
                }
            } catch (InvalidSyntaxException impossible) {
                throw new IllegalStateException(impossible);
            }
            @SuppressWarnings("JdkObsolete") // registerService takes a Dictionary
            Hashtable<String, Object> properties = new Hashtable<>();
            properties.put("main.thread", true);
            this.registration = context.registerService(Callable.class, exit, properties);
        }

        private void refused(ServiceReference<?> refusal) {
            if (refusal.getProperty(CODE) instanceof Integer code) {
                exit.code.set(code);
                stopped.countDown();
            }
        }

        @Override
        public void close() {
            stopped.countDown();
            try {
                context.removeServiceListener(refusals);
            } catch (IllegalStateException frameworkStopping) {
                // the listener goes with the bundle's context
            }
            unregister(registration);
        }
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
