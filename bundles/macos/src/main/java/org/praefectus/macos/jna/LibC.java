package org.praefectus.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;

/** The one libc call: {@code sysctl} for a process's start time. */
interface LibC extends Library {

    LibC C = Native.load("c", LibC.class);

    /** {@code CTL_KERN}, {@code KERN_PROC}, {@code KERN_PROC_PID}. */
    int CTL_KERN = 1;

    int KERN_PROC = 14;
    int KERN_PROC_PID = 1;
    /** {@code sizeof(struct kinfo_proc)} on 64-bit macOS. */
    int KINFO_PROC_SIZE = 648;

    int sysctl(
            int[] name, int nameLength, Pointer oldValue, LongByReference oldLength, Pointer newValue, long newLength);
}
