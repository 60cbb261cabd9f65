package org.praefectus.linux.x11;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/** The X extension libraries: XTest (input), RandR (topology) and MIT-SHM (capture), through JNA. */
public final class XExtensions {

    private XExtensions() {}

    /** libXtst: synthetic input the server treats as device input. */
    public interface XTest extends Library {
        XTest INSTANCE = Native.load("Xtst", XTest.class);

        int XTestQueryExtension(
                Pointer display,
                IntByReference eventBase,
                IntByReference errorBase,
                IntByReference major,
                IntByReference minor);

        int XTestFakeMotionEvent(Pointer display, int screen, int x, int y, NativeLong delay);

        int XTestFakeButtonEvent(Pointer display, int button, int isPress, NativeLong delay);

        int XTestFakeKeyEvent(Pointer display, int keycode, int isPress, NativeLong delay);
    }

    /** libXrandr: the CRTC topology. */
    public interface XRandr extends Library {
        XRandr INSTANCE = Native.load("Xrandr", XRandr.class);

        Pointer XRRGetScreenResourcesCurrent(Pointer display, NativeLong window);

        void XRRFreeScreenResources(Pointer resources);

        Pointer XRRGetCrtcInfo(Pointer display, Pointer resources, NativeLong crtc);

        void XRRFreeCrtcInfo(Pointer info);

        int XRRQueryExtension(Pointer display, IntByReference eventBase, IntByReference errorBase);

        void XRRSelectInput(Pointer display, NativeLong window, int mask);

        int XRRUpdateConfiguration(Pointer event);
    }

    /** libXext's MIT-SHM: the server copies pixels into our shared memory instead of through the socket. */
    public interface XShm extends Library {
        XShm INSTANCE = Native.load("Xext", XShm.class);

        int XShmQueryExtension(Pointer display);

        Pointer XShmCreateImage(
                Pointer display,
                Pointer visual,
                int depth,
                int format,
                Pointer data,
                Pointer segmentInfo,
                int width,
                int height);

        int XShmAttach(Pointer display, Pointer segmentInfo);

        int XShmDetach(Pointer display, Pointer segmentInfo);

        int XShmGetImage(Pointer display, NativeLong drawable, Pointer image, int x, int y, NativeLong planeMask);
    }

    /** The C library: peer credentials of a socket and System V shared memory. */
    public interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int SOL_SOCKET = 1;
        int SO_PEERCRED = 17;
        int IPC_PRIVATE = 0;
        int IPC_CREAT = 01000;
        int IPC_RMID = 0;

        int getsockopt(int socket, int level, int option, Pointer value, IntByReference length);

        int geteuid();

        int shmget(int key, NativeLong size, int flags);

        Pointer shmat(int id, Pointer address, int flags);

        int shmdt(Pointer address);

        int shmctl(int id, int command, Pointer buffer);
    }
}
