// The reader's colour scheme before the first paint (inline, first script of every
// page's head): the one saved by the theme switch, if any; and the class that says
// scripts run, which the styles read.
document.documentElement.className="js";try{var t=localStorage.getItem("theme");if(t==="dark"||t==="light")document.documentElement.setAttribute("data-theme",t)}catch(e){}
